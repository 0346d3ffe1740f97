import { useServer } from '../support/use-server.ts';
import { MODERATION_SITES, photoModerationTests } from './photo-moderation-suite.ts';
import { testStorage } from './photos-helpers.ts';

/* The photo and text queues of the console with the files in an S3 bucket (s3rver). */
const storage = testStorage('s3');
photoModerationTests(useServer({ sites: MODERATION_SITES, env: storage.env }));
