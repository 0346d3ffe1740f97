import { useServer } from '../support/use-server.ts';
import { chatPictureTests } from './chat-pictures-suite.ts';
import { testStorage } from './photos-helpers.ts';

/* Chat pictures with the files in an S3 bucket (s3rver). */
const storage = testStorage('s3');
const app = useServer({ env: storage.env });

chatPictureTests(app);
