import { describe } from 'vitest';
import { useServer } from '../support/use-server.ts';
import { chatConcurrencyTests, chatTests } from './chat-suite.ts';

/* The chat calls on PostgreSQL: its SQL in the other dialect, and parallel sends where transactions really run side by side (row locks decide). */
const app = useServer({ database: 'postgres' });

describe('chat (PostgreSQL)', () => {
  chatTests(app);
  chatConcurrencyTests(app);
});
