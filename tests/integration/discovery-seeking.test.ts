import { seekingSuite } from './discovery-seeking-suite.ts';

seekingSuite('sqlite');
