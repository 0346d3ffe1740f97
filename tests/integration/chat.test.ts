import { describe } from 'vitest';
import { useServer } from '../support/use-server.ts';
import { chatConcurrencyTests, chatTests } from './chat-suite.ts';

const app = useServer();

describe('chat (SQLite)', () => {
  chatTests(app);
  chatConcurrencyTests(app);
});
