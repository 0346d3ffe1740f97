import { searchSuite } from './discovery-search-suite.ts';

/* The same search on PostgreSQL: row-value keysets, NULL order and the capped count differ by dialect. */
searchSuite('postgres');
