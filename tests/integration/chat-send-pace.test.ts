import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectError } from '../support/answers.ts';
import { REPO_ROOT } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import { payingMember, sendGift, sendText, shownMember } from './chat-support.ts';

/* Chat sends are paced per member (`rate_limits.chat_send`): past the limit, 429 `rate_limited`. */

const demo = JSON.parse(readFileSync(join(REPO_ROOT, 'tenants', 'localhost.json'), 'utf8')) as {
  id: string;
} & Record<string, unknown>;

const app = useServer({
  sites: [{ ...demo, rate_limits: { chat_send: { limit: 3, window_minutes: 1 } } }],
});

describe('the pace of chat sends', () => {
  it('answers 429 rate_limited with retry_after past the limit, texts and gifts alike, per member', async () => {
    const ann = await payingMember(app, 1_000);
    const calm = await payingMember(app, 1_000);
    const bo = await shownMember(app);
    for (let i = 0; i < 3; i++) expect((await sendText(app, ann, bo, `Line ${i}`)).status).toBe(201);
    const text = await sendText(app, ann, bo, 'One too many');
    expectError(text, 429, 'rate_limited');
    expect(text.json<{ retry_after: number; message: string }>()).toMatchObject({
      retry_after: expect.any(Number),
      message: expect.any(String),
    });
    expect(Number(text.headers['retry-after'])).toBeGreaterThan(0);
    expectError(await sendGift(app, ann, bo, 'rose'), 429, 'rate_limited');
    // Nothing of the refused sends was stored or paid.
    expect(await app.inspect.count('messages', { sender_profile_id: ann.profileId })).toBe(3);
    expect((await sendText(app, calm, bo, 'My own pace')).status).toBe(201);
  });
});
