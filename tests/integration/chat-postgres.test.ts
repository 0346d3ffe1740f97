import { describe } from 'vitest';
import { useServer } from '../support/use-server.ts';
import { chatConcurrencyTests } from './chat-suite.ts';

/* Parallel sends on PostgreSQL, where transactions really run side by side (row locks decide). */
const app = useServer({ database: 'postgres' });

describe('chat (PostgreSQL)', () => chatConcurrencyTests(app));
