import { searchSuite } from './discovery-search-suite.ts';

searchSuite('sqlite');
