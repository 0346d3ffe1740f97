import { describe } from 'vitest';
import { useServer } from '../support/use-server.ts';
import { directDebitTests } from './payments-directdebit-suite.ts';

/* The same calls on PostgreSQL, where one code sent twice at once races on two connections. */
const app = useServer({ clock: true, trustProxy: true, database: 'postgres' });

describe('direct debit (PostgreSQL)', () => directDebitTests(app));
