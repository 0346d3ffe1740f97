import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/polling.ts';
import { publicCurvyMembers } from '../support/lander-members.ts';
import { DEMO } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';

/*
 * The video lander's encoder is background work on the server's machine: it runs below the
 * server's priority, and a server that stops takes it along. An encoder that only writes down
 * its process id and waits stands in for ffmpeg, so the check needs no ffmpeg and no minutes.
 */

const work = mkdtempSync(join(tmpdir(), 'kindred-encoder-'));
const pidFile = join(work, 'encoder.pid');
const encoder = join(work, 'slow-encoder.sh');
writeFileSync(encoder, `#!/bin/sh\necho $$ > "${pidFile}"\nexec sleep 60\n`);
chmodSync(encoder, 0o755);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const app = useServer({ env: { FFMPEG_PATH: encoder } });

/** A process's nice value (field 19 of /proc/<pid>/stat, after the name in parentheses). */
function niceOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the video lander’s encoder', () => {
  it('runs below the server’s priority and ends when the server stops', async () => {
    await publicCurvyMembers(app.make, app.server.dataDir);
    const page = await app.request('/de/landers/video', { host: DEMO.curvy.host });
    expect(page.status).toBe(200);
    // No clip yet: the lander shows its slideshow while the clip is made.
    expect(page.body).not.toContain('<video');

    const pid = await eventually(
      async () => (existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) : 0),
      (found) => found > 0,
      15_000,
    );
    expect(running(pid)).toBe(true);
    // The server lowers the priority right after the encoder starts; the encoder may write its
    // id first, so the test waits the moment it takes rather than reading in between.
    await eventually(
      async () => niceOf(pid),
      (nice) => nice === 10,
      2_000,
    );

    await app.server.stop();
    await eventually(
      async () => running(pid),
      (still) => !still,
      5_000,
    );
  });
});
