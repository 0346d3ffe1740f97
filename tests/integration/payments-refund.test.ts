import { describe } from 'vitest';
import { useServer } from '../support/use-server.ts';
import { refundTests } from './payments-refund-suite.ts';

const app = useServer({ clock: true });

describe('refunds (SQLite)', () => refundTests(app));
