import { describe } from 'vitest';
import { useServer } from '../support/use-server.ts';
import { directDebitTests } from './payments-directdebit-suite.ts';

const app = useServer({ clock: true, trustProxy: true });

describe('direct debit (SQLite)', () => directDebitTests(app));
