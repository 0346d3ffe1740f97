import { describe } from 'vitest';
import { useServer } from '../support/use-server.ts';
import { repeatTests } from './payments-repeat-suite.ts';

const app = useServer();

describe('repeat orders (SQLite)', () => repeatTests(app));
