import { newClusteredId } from '../../db/ids.ts';
import type { ServiceContext } from '../../server/context.ts';
import { notificationSenders, type NotificationEvent } from '../../server/notifications.ts';

/**
 * The one way a feature tells a member who may be away about something (issue: chat, likes and
 * credits call it after they publish their realtime event). Each registered sender records what
 * it will send; a sender that fails is logged and never fails the member's request, whose work
 * is already committed.
 */
export async function notify(
  ctx: ServiceContext,
  input: Omit<NotificationEvent, 'id' | 'at' | 'siteId' | 'network'> & { siteId?: string },
): Promise<NotificationEvent> {
  const now = ctx.clock.now();
  const event: NotificationEvent = {
    ...input,
    // Led by the clock: the senders' rows keyed by it (one per message) land on the last leaves
    // of their index instead of a page of their own each.
    id: newClusteredId(now),
    siteId: input.siteId ?? ctx.site.id,
    network: ctx.network,
    at: new Date(now),
  };
  for (const sender of notificationSenders()) {
    try {
      await sender.accept(ctx, event);
    } catch (error) {
      ctx.log.error('notification sender failed', {
        sender: sender.name,
        event: event.id,
        error: String(error),
      });
    }
  }
  return event;
}
