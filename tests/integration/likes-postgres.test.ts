import { describe } from 'vitest';
import { useServer } from '../support/use-server.ts';
import { likesTests } from './likes-suite.ts';

/* The same calls on PostgreSQL: the lists' SQL (matches, welcome senders) in the other dialect. */
const app = useServer({ database: 'postgres' });

describe('likes (PostgreSQL)', () => likesTests(app));
