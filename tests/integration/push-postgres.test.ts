import { pushTests } from './push-suite.ts';

/* The push tests on PostgreSQL: the outbox, its claims and the badge's counts in its SQL. */
pushTests('postgres');
