import { describe, expect, it } from 'vitest';
import { useServer } from '../support/use-server.ts';
import type { Visitor } from '../support/visitor.ts';
import { memberWritingToOperator } from './chat-support.ts';
import { addDirectly, logIn } from './console-support.ts';

/*
 * The console's overview starts with what waits for the staff member: each work queue they may
 * open, with what waits in it counted (up to 999). Nothing is invented: a queue with more says
 * "or more", and a queue the staff member may not open is not there.
 */
const app = useServer({ clock: true });
const CURVY = { id: 'curvy', network: 'curvy' };

/** The overview's waiting list: each queue's section and its count's words. */
async function waiting(visitor: Visitor): Promise<Record<string, string>> {
  const page = await visitor.get('/console');
  expect(page.status, page.body).toBe(200);
  const section = /<section[^>]*data-testid="console-waiting"[^>]*>([\s\S]*?)<\/section>/.exec(
    page.body,
  )?.[1];
  if (!section) return {};
  return Object.fromEntries(
    [...section.matchAll(/data-section="([a-z]+)"[\s\S]*?<span[^>]*>([^<]*)<\/span>/g)].map((m) => [
      m[1]!,
      m[2]!.trim(),
    ]),
  );
}

describe('the console overview', () => {
  it("counts what waits in a moderator's queues, and says when there is more than it counts", async () => {
    const moderator = await logIn(app, await addDirectly(app, 'moderator', 'curvy'));
    expect(await waiting(moderator)).toEqual({
      reports: 'nothing waiting',
      photos: 'nothing waiting',
      texts: 'nothing waiting',
      appeals: 'nothing waiting',
      inbox: 'nothing waiting',
    });

    const member = await app.make.member({ site: CURVY });
    await app.make.photo(member, { status: 'pending' });
    expect((await waiting(moderator)).photos).toBe('1 waiting');

    // Counted past the 20 the photo screen shows at a time: a backlog shows as its size.
    for (let i = 0; i < 20; i += 1) await app.make.photo(member, { status: 'pending', main: false });
    expect((await waiting(moderator)).photos).toBe('21 waiting');
    // Up to 999; past that the overview says so rather than count on.
    for (let i = 0; i < 978; i += 1) await app.make.photo(member, { status: 'pending', main: false });
    expect((await waiting(moderator)).photos).toBe('999 waiting');
    await app.make.photo(member, { status: 'pending', main: false });
    expect((await waiting(moderator)).photos).toBe('999 or more waiting');

    // Another network's moderator has none of it waiting.
    expect((await waiting(await logIn(app, await addDirectly(app, 'moderator', 'amber')))).photos).toBe(
      'nothing waiting',
    );
  });

  it("shows a host the inbox alone, with the member's message waiting for an answer", async () => {
    const host = await logIn(app, await addDirectly(app, 'host', 'amber'));
    expect(await waiting(host)).toEqual({ inbox: 'nothing waiting' });
    await memberWritingToOperator(app, 'Hello, anyone there?');
    expect(await waiting(host)).toEqual({ inbox: '1 waiting' });
  });
});
