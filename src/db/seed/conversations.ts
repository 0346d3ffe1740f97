import type { MessageKey } from '../../i18n/index.ts';
import { translator } from '../../i18n/index.ts';
import type { NewRow } from '../database.ts';
import { newId } from '../ids.ts';
import type { PlannedMember } from './people.ts';

/*
 * A few conversations for the first demo accounts of each site (`demo+<site>-1` and `-2` on a
 * fresh database), so `/chats` has something to show: two with real members of the network,
 * the last words of one still unread, and one the member started with an operator-run
 * (fictional) profile, which stays unanswered and unread: nothing ever reads or writes for such a
 * profile by itself, only a host in the console.
 * The lines are the icebreakers in each writer's language.
 */

export interface ConversationRows {
  conversations: NewRow<'conversations'>[];
  members: NewRow<'conversation_members'>[];
  messages: NewRow<'messages'>[];
}

/** Demo accounts per site that get conversations. */
const MEMBERS_PER_SITE = 2;
const MINUTE_MS = 60_000;
const ICEBREAKERS = 8;

/**
 * How long ago the demo members wrote to operator-run profiles, one after another: the host
 * inbox then lists waits of minutes, hours and a day, longest first, as a real one does.
 */
const OPERATOR_WAITS_MS = [20, 150, 9 * 60, 30 * 60].map((minutes) => minutes * MINUTE_MS);
const THREE_DAYS_MS = 3 * 24 * 60 * MINUTE_MS;

const seeks = (a: PlannedMember, b: PlannedMember) => a.seeking === 'both' || a.seeking === b.gender;

export function planConversations(
  plan: PlannedMember[],
  profileIds: string[],
  now: number,
): ConversationRows {
  const rows: ConversationRows = { conversations: [], members: [], messages: [] };
  const perSite = new Map<string, number>();
  const taken = new Set<string>();
  let line = 0;
  const say = (writer: PlannedMember) =>
    translator(writer.language)(`chat.icebreaker.${(line++ % ICEBREAKERS) + 1}` as MessageKey, {
      site: writer.site.name,
    });

  let operatorConversations = 0;
  /** A conversation started at most `ago` before now (or when the later of the two joined). */
  const open = (me: number, other: number, writers: number[], unreadAtEnd: boolean, ago = THREE_DAYS_MS) => {
    const [a, b] = [profileIds[me]!, profileIds[other]!].sort();
    const key = `${a}|${b}`;
    if (taken.has(key)) return;
    taken.add(key);
    const network = plan[me]!.site.network;
    const conversationId = newId();
    const start = Math.max(plan[me]!.confirmedAt, plan[other]!.confirmedAt, now - ago);
    const messages = writers.map((writer, i) => ({
      id: newId(),
      conversation_id: conversationId,
      network_id: network,
      sender_profile_id: profileIds[writer]!,
      type: 'text' as const,
      text: say(plan[writer]!),
      photo_id: null,
      gift_id: null,
      credits_spent: 0,
      client_id: null,
      created_at: Math.min(now - (writers.length - i) * MINUTE_MS, start + (i + 1) * 17 * MINUTE_MS),
      read_at: null as number | null,
    }));
    // Everything is read but the last message when it should stay unread by its addressee.
    messages.forEach((m, i) => {
      const last = i === messages.length - 1;
      if (!(last && unreadAtEnd)) m.read_at = Math.min(now, m.created_at + MINUTE_MS);
    });
    const lastMessage = messages.at(-1)!;
    rows.conversations.push({
      id: conversationId,
      network_id: network,
      profile_a_id: a!,
      profile_b_id: b!,
      created_at: messages[0]!.created_at,
      last_message_at: lastMessage.created_at,
      last_message_id: lastMessage.id,
    });
    for (const side of [me, other]) {
      const profileId = profileIds[side]!;
      const unread = messages.filter((m) => m.sender_profile_id !== profileId && m.read_at === null).length;
      rows.members.push({
        conversation_id: conversationId,
        profile_id: profileId,
        network_id: network,
        unread_count: unread,
        last_read_at: unread === 0 ? lastMessage.created_at : null,
        deleted_at: null,
        created_at: messages[0]!.created_at,
      });
    }
    rows.messages.push(...messages);
  };

  plan.forEach((member, me) => {
    if (member.fictional) return;
    const n = perSite.get(member.site.id) ?? 0;
    if (n >= MEMBERS_PER_SITE) return;
    perSite.set(member.site.id, n + 1);
    const sameNetwork = plan
      .map((other, i) => ({ other, i }))
      .filter(
        ({ other, i }) => i !== me && other.site.network === member.site.network && seeks(member, other),
      );
    const real = sameNetwork.filter(({ other }) => !other.fictional && seeks(other, member)).slice(0, 2);
    // Each demo member writes to another operator-run profile of the network, where it has several.
    const fictionals = sameNetwork.filter(({ other }) => other.fictional);
    const fictional = fictionals[operatorConversations % Math.max(1, fictionals.length)];
    real.forEach(({ i }, k) => open(me, i, k === 0 ? [me, i, me, i] : [i, me, i], k === 0));
    if (fictional)
      open(
        me,
        fictional.i,
        [me],
        // No host has opened it yet: the member's message shows as sent, not read.
        true,
        OPERATOR_WAITS_MS[operatorConversations++ % OPERATOR_WAITS_MS.length],
      );
  });
  return rows;
}
