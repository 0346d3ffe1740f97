import { useServer } from '../support/use-server.ts';
import { MODERATION_SITES, photoModerationTests } from './photo-moderation-suite.ts';

/* The photo and text queues of the console on SQLite (photo-moderation-suite.ts). */
photoModerationTests(useServer({ sites: MODERATION_SITES }));
