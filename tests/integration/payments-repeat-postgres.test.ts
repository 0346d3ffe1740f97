import { describe } from 'vitest';
import { useServer } from '../support/use-server.ts';
import { repeatTests } from './payments-repeat-suite.ts';

/* The same calls on PostgreSQL: the stored method's query and the recurring flag in the other dialect. */
const app = useServer({ database: 'postgres' });

describe('repeat orders (PostgreSQL)', () => repeatTests(app));
