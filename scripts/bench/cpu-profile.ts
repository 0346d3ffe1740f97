/**
 * CPU profiles of the built server under load, where `node --cpu-prof` cannot be used (it
 * crashed the built server at start on Node 24.21 here). Preload it, put the server under load,
 * and signal it:
 *
 *   node --import ./scripts/bench/cpu-profile.ts dist/server/entry.mjs   # KINDRED_PROFILE_DIR=/tmp
 *   kill -USR1 <pid>   # starts profiling
 *   kill -USR2 <pid>   # stops and writes <dir>/kindred-<pid>-<n>.cpuprofile
 *
 * Read a profile with `node scripts/bench/profile-summary.ts <file>` (or Chromium's DevTools).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

const dir = process.env.KINDRED_PROFILE_DIR ?? process.cwd();
const session = new Session();
session.connect();
await session.post('Profiler.enable');
// Fine enough to see a member request's parts, coarse enough not to be most of the profile.
await session.post('Profiler.setSamplingInterval', { interval: 500 });
let written = 0;

process.on('SIGUSR1', () => {
  void session.post('Profiler.start').then(() => process.stderr.write('cpu profile: started\n'));
});
process.on('SIGUSR2', () => {
  void session.post('Profiler.stop').then(({ profile }) => {
    const file = join(dir, `kindred-${process.pid}-${written++}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    process.stderr.write(`cpu profile: ${file}\n`);
  });
});
