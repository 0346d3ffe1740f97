import { seekingSuite } from './discovery-seeking-suite.ts';

/* The same rules on PostgreSQL. */
seekingSuite('postgres');
