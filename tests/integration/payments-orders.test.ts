import { describe } from 'vitest';
import { useServer } from '../support/use-server.ts';
import { paymentsOrdersTests } from './payments-orders-suite.ts';

const app = useServer();

describe('orders and payments (SQLite)', () => paymentsOrdersTests(app));
