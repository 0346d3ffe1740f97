import type { ServiceContext } from '../../server/context.ts';
import { json } from '../../server/http.ts';
import type { Translate } from '../../i18n/index.ts';
import type { SendInput } from './chat.schemas.ts';
import { sendMessage, type Chatter } from './chat.service.ts';

/**
 * `POST /api/chat.php`'s answer to a send: 201 `{ message, credits, allowance }`, or 202 with
 * `held`; a refusal is thrown. The built server's gateway answers the usual text through the
 * endpoint's own spec (src/app/gateways.ts).
 */
export async function sendReply(
  ctx: ServiceContext,
  t: Translate,
  chatter: Chatter,
  input: SendInput,
  respond: (body: unknown, status: number) => Response = json,
): Promise<Response> {
  const { status, answer } = await sendMessage(ctx, t, chatter, input);
  return respond(answer, status);
}
