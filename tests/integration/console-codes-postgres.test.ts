import { describe } from 'vitest';
import { useServer } from '../support/use-server.ts';
import { consoleCodesTests, INVITE_SITE } from './console-codes-suite.ts';

/* The same on PostgreSQL, where a single-use code's racing orders really run side by side. */
const app = useServer({ clock: true, trustProxy: true, sites: [INVITE_SITE], database: 'postgres' });

describe('console codes (PostgreSQL)', () => consoleCodesTests(app));
