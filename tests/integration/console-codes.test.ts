import { describe } from 'vitest';
import { useServer } from '../support/use-server.ts';
import { consoleCodesTests, INVITE_SITE } from './console-codes-suite.ts';

/* The console's codes on SQLite (docs/console.md "Codes"); console-codes-postgres.test.ts runs them on PostgreSQL. */
const app = useServer({ clock: true, trustProxy: true, sites: [INVITE_SITE] });

describe('console codes (SQLite)', () => consoleCodesTests(app));
