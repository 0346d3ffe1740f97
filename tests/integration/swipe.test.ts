import { describe } from 'vitest';
import { useServer } from '../support/use-server.ts';
import { swipeTests } from './swipe-suite.ts';

const app = useServer({ clock: true });

describe('the swipe game (SQLite)', () => swipeTests(app));
