import type { BrowserContext } from '@playwright/test';
import type { TestResponse, TestServer } from '../support/server.ts';
import { url } from './accounts-support.ts';
import { expect } from './fixtures.ts';

/* What the browser tests of paid messages share. */

/**
 * Texts `other` as the member of `context` until the free messages are used up (the next answer
 * is 402: a text costs credits from here on); answers the conversation.
 */
export async function spendFreeMessages(
  context: BrowserContext,
  server: TestServer,
  other: { profileId: string },
  clientIdPrefix: string,
): Promise<string> {
  let conversation: string | undefined;
  for (let n = 1; ; n += 1) {
    const res = await context.request.post(url(server, '/api/chat.php'), {
      data: {
        ...(conversation ? { conversation } : { profile: other.profileId }),
        type: 'text',
        text: `Free ${n}`,
        client_id: `${clientIdPrefix}-${n}-${Date.now()}`,
      },
    });
    if (res.status() === 402) break;
    expect(res.status()).toBe(201);
    conversation = ((await res.json()) as { message: { conversation: string } }).message.conversation;
    expect(n).toBeLessThan(10);
  }
  return conversation!;
}

/** A text from `from` to `to` through `POST /api/chat.php`, as another device of `from` sends it. */
export function sendText(
  server: TestServer,
  from: { cookie: string },
  to: { profileId: string },
  text: string,
  clientId: string,
): Promise<TestResponse> {
  return server.request('/api/chat.php', {
    method: 'POST',
    headers: { cookie: from.cookie },
    body: { profile: to.profileId, type: 'text', text, client_id: clientId },
  });
}
