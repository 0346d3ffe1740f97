import { chatPrivacySuite } from './chat-privacy-suite.ts';

/* Erasure removes a member's chat pictures from the bucket too (s3rver). */
chatPrivacySuite('s3');
