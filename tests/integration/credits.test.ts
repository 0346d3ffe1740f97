import { describe } from 'vitest';
import { useServer } from '../support/use-server.ts';
import { creditsTests } from './credits-suite.ts';

const app = useServer({ clock: true });

describe('credits (SQLite)', () => creditsTests(app));
