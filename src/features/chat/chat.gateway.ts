import type { GatewayLocals } from '../../server/api-gateway.ts';
import { serviceContext, type ServiceContext } from '../../server/context.ts';
import { failureResponse } from '../../server/endpoint.ts';
import { json, writtenJson } from '../../server/http.ts';
import type { Translate } from '../../i18n/index.ts';
import { chatFieldMessage } from './chat.messages.ts';
import { sendSchema, type SendInput } from './chat.schemas.ts';
import { sendMessage, type Chatter } from './chat.service.ts';

/**
 * `POST /api/chat.php`'s answer to a send: 201 `{ message, credits, allowance }`, or 202 with
 * `held`. The endpoint and the gateway below both answer with it; a refusal is thrown.
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

/**
 * A text send before the page pipeline (server/api-gateway.ts): the same schema, the same send
 * and the same refusals as the endpoint. Anything but a valid text (an input the schema refuses,
 * an image, a gift) is left to the endpoint: undefined.
 */
export async function gatewaySend(locals: GatewayLocals, body: unknown): Promise<Response | undefined> {
  const parsed = sendSchema.safeParse(body);
  if (!parsed.success || parsed.data.type !== 'text') return undefined;
  try {
    // The gateway writes the answer's bytes itself: no body stream for a small one.
    return await sendReply(serviceContext(locals), locals.t, locals.member, parsed.data, writtenJson);
  } catch (error) {
    return failureResponse(locals, error, chatFieldMessage);
  }
}
