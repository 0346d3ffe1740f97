import { photosPublicSuite } from './photos-public-suite.ts';

/* A public photo that stops being public gets new keys in the bucket too (copied, then deleted). */
photosPublicSuite('s3');
