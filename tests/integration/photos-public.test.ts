import { photosPublicSuite } from './photos-public-suite.ts';

photosPublicSuite('local');
