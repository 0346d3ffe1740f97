import { describe } from 'vitest';
import { useServer } from '../support/use-server.ts';
import { creditsTests } from './credits-suite.ts';

/* The same rules on PostgreSQL, where racing redemptions really run side by side. */
const app = useServer({ clock: true, database: 'postgres' });

describe('credits (PostgreSQL)', () => creditsTests(app));
