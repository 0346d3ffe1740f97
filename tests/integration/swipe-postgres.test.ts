import { describe } from 'vitest';
import { useServer } from '../support/use-server.ts';
import { swipeTests } from './swipe-suite.ts';

/* The same game on PostgreSQL, where the daily limit holds by the profile row's lock. */
const app = useServer({ clock: true, database: 'postgres' });

describe('the swipe game (PostgreSQL)', () => swipeTests(app));
