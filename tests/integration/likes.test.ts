import { describe } from 'vitest';
import { useServer } from '../support/use-server.ts';
import { likesTests } from './likes-suite.ts';

const app = useServer();

describe('likes (SQLite)', () => likesTests(app));
