/**
 * Adds or updates messages in one locale file without clobbering concurrent edits of the same
 * file: the read-modify-write happens under an exclusive lock, keys stay in insertion order
 * (new keys are appended), and the file is replaced atomically.
 *
 *   node scripts/i18n-add.ts <locale> <messages.json>     # { "key": "text", … }
 *   node scripts/i18n-add.ts <locale> --remove key1,key2
 */
import { closeSync, existsSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LOCALES } from '../src/i18n/locales.ts';

const [locale, source, keys] = process.argv.slice(2);
if (!locale || !(LOCALES as readonly string[]).includes(locale) || !source) {
  process.stderr.write('usage: i18n-add <locale> <messages.json> | i18n-add <locale> --remove k1,k2\n');
  process.exit(2);
}

const dir = resolve(import.meta.dirname, '..', 'src', 'i18n', 'locales');
const target = join(dir, `${locale}.json`);
const lockFile = `${target}.lock`;

/** A lock file created exclusively; waits up to 10 s for another writer to finish. */
async function withLock(work: () => void): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      closeSync(openSync(lockFile, 'wx'));
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`${lockFile} is held; remove it if no writer is running`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  try {
    work();
  } finally {
    rmSync(lockFile, { force: true });
  }
}

await withLock(() => {
  const current = existsSync(target)
    ? (JSON.parse(readFileSync(target, 'utf8')) as Record<string, string>)
    : {};
  if (source === '--remove') {
    for (const key of (keys ?? '').split(',').filter(Boolean)) delete current[key];
  } else {
    const incoming = JSON.parse(readFileSync(source, 'utf8')) as Record<string, unknown>;
    for (const [key, value] of Object.entries(incoming)) {
      if (typeof value !== 'string' || value.trim() === '')
        throw new Error(`${key}: the text must be a non-empty string`);
      current[key] = value;
    }
  }
  const tmp = `${target}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(current, null, 2) + '\n');
  renameSync(tmp, target);
});
process.stdout.write(`${locale}.json updated\n`);
