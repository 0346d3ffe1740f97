import { photosSuite } from './photos-suite.ts';

/* The photos calls with the files in an S3 bucket (s3rver): private files by presigned redirect. */
photosSuite('s3');
