import { describe } from 'vitest';
import { useServer } from '../support/use-server.ts';
import { refundTests } from './payments-refund-suite.ts';

/* The same calls on PostgreSQL, where racing refunds run on separate connections at once. */
const app = useServer({ clock: true, database: 'postgres' });

describe('refunds (PostgreSQL)', () => refundTests(app));
