/**
 * Operators' file storage (run with the project's Node: `./dev npm run storage -- <command>`):
 *
 *   copy-uploads    copies DATA_DIR/uploads into the bucket of STORAGE_URL (s3://…), key for
 *                   key; run it again as often as needed: files already there are not sent again
 *
 * The move to a bucket (docs/operators.md "Photos on S3"): copy while the server still runs on
 * local files, stop it (or take uploads offline), copy once more, then start with STORAGE_URL.
 */
import { join } from 'node:path';
import { parseEnv } from '../src/server/env.ts';
import { copyUploads } from '../src/server/storage/copy-uploads.ts';
import { parseStorageUrl } from '../src/server/storage/s3-location.ts';
import { createS3Storage } from '../src/server/storage/s3-storage.ts';
import { commandLine } from './command-line.ts';

commandLine(
  'usage: storage copy-uploads   (DATA_DIR/uploads into the bucket of STORAGE_URL)\n',
  ['copy-uploads'],
  {},
);

const env = parseEnv();
if (!env.STORAGE_URL) {
  process.stderr.write('STORAGE_URL is not set: give the bucket as s3://KEY:SECRET@host/bucket\n');
  process.exit(2);
}
const root = join(env.dataDir, 'uploads');
const bucket = createS3Storage(parseStorageUrl(env.STORAGE_URL));
const report = await copyUploads(root, bucket);
for (const key of report.skipped) process.stdout.write(`skipped (not a stored file's name): ${key}\n`);
process.stdout.write(
  `${root}: ${report.copied} copied, ${report.present} already in the bucket, ${report.skipped.length} skipped\n`,
);
