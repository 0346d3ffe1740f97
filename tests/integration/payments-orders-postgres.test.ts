import { describe } from 'vitest';
import { useServer } from '../support/use-server.ts';
import { paymentsOrdersTests } from './payments-orders-suite.ts';

/* The same calls on PostgreSQL: racing webhooks and order retries meet its row locks. */
const app = useServer({ database: 'postgres' });

describe('orders and payments (PostgreSQL)', () => paymentsOrdersTests(app));
