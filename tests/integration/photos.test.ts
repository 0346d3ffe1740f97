import { photosSuite } from './photos-suite.ts';

photosSuite('local');
