import { describe, expect, it } from 'vitest';
import { testSite } from '../accounts/accounts.test-support.ts';
import { LOCALES } from '../../i18n/locales.ts';
import { digestLines, type PendingItem } from './digest.ts';
import {
  activationReminderMail,
  campaignMail,
  digestMail,
  unreadReminderMail,
  weeklyUpdateMail,
} from './notification-mail.mail.ts';
import { readUnsubscribeToken } from './unsubscribe-token.ts';

const site = testSite();
const setting = { site, origin: 'https://unit.example', secret: Buffer.alloc(32, 9) };
const names = new Map([
  ['p1', { name: 'Sascha', fictional: false }],
  ['p2', { name: 'Noor', fictional: false }],
  ['p3', { name: 'Kim', fictional: false }],
  ['p4', { name: 'Chase', fictional: true }],
]);
const item = (id: string, extra: Partial<PendingItem>): PendingItem => ({
  id,
  type: 'message',
  actorProfileId: 'p1',
  conversationId: 'c1',
  firstInConversation: false,
  createdAt: Number(id.slice(1)),
  ...extra,
});
const items = [
  item('e1', { firstInConversation: true }),
  item('e2', { actorProfileId: 'p2', conversationId: 'c2' }),
  item('e3', { actorProfileId: 'p2', conversationId: 'c2' }),
  item('e4', { type: 'like', actorProfileId: 'p3', conversationId: null }),
];

describe('the notification e-mails', () => {
  it('read whole in every language, with the unsubscribe headers of their category', () => {
    for (const locale of LOCALES) {
      const to = { memberId: 'abcdefghijklmnop', email: 'robin@example.org', name: 'Robin', locale };
      const mails = [
        digestMail(setting, to, digestLines(items), names),
        digestMail(setting, to, digestLines(items.slice(0, 1)), names),
        activationReminderMail(setting, to, 'https://unit.example/api/activate.php?token=t', 7),
        unreadReminderMail(setting, to, 3),
        weeklyUpdateMail(setting, to, { newMembers: 4, matches: 1 }),
        campaignMail(setting, to, {
          id: 'c',
          category: 'news',
          texts: { en: { subject: 'News', paragraphs: ['Text.'] } },
        }),
      ];
      for (const mail of mails) {
        for (const text of [mail.subject, mail.text, mail.html!])
          expect(text, `${locale}: ${mail.subject}`).not.toMatch(/\{|\bmailnotify\.|\bnotify\./);
        const header = mail.headers!['List-Unsubscribe']!;
        const link =
          /^<(https:\/\/unit\.example\/api\/unsubscribe\.php\?token=([^>]+))>, <mailto:[^>]+>$/.exec(header);
        expect(link, header).not.toBeNull();
        expect(readUnsubscribeToken(setting.secret, site.id, link![2]!)).toBeDefined();
        expect(mail.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
        expect(mail.text).toContain(link![1]);
      }
    }
  });

  it('name the events, count messages, and unsubscribe from the first line’s category', () => {
    const to = { memberId: 'abcdefghijklmnop', email: 'r@example.org', name: 'Robin', locale: 'en' as const };
    const digest = digestMail(setting, to, digestLines(items), names);
    expect(digest.subject).toBe(`3 new notifications on ${site.name}`);
    expect(digest.text).toContain('Sascha wrote to you for the first time.');
    expect(digest.text).toContain('Noor sent you 2 new messages.');
    expect(digest.text).toContain('Kim likes your profile.');
    expect(digest.text).toContain('https://unit.example/chats\n');
    expect(digest.headers!['List-Unsubscribe']).toContain('.new_conversations.');
    const like = digestMail(setting, to, digestLines([items[3]!]), names);
    expect(like.subject).toBe('Kim likes you');
    expect(like.headers!['List-Unsubscribe']).toContain('.like.');
    expect(like.text).toContain('https://unit.example/likes/received');
    const german = digestMail(setting, { ...to, locale: 'de' }, digestLines([items[1]!]), names);
    expect(german.subject).toBe('Neue Nachricht von Noor');
    expect(german.text).toContain('https://unit.example/de/chats/c2');
  });

  it("mark a profile the operator runs with the site's icon and word, in the subject and the line", () => {
    const to = { memberId: 'abcdefghijklmnop', email: 'r@example.org', name: 'Robin', locale: 'en' as const };
    const fromChase = item('e5', { actorProfileId: 'p4', conversationId: 'c4' });
    const marked = `Chase ${site.fictionalIcon} (fictional profile)`;
    const one = digestMail(setting, to, digestLines([fromChase]), names);
    expect(one.subject).toBe(`New message from ${marked}`);
    expect(one.text).toContain(`${marked} sent you`);
    expect(one.html).toContain(`Chase ${site.fictionalIcon} (fictional profile)`);
    const many = digestMail(setting, to, digestLines([...items, fromChase]), names);
    expect(many.text).toContain(`${marked} sent you`);
    // The others keep their names as they are.
    expect(many.text).toContain('Sascha wrote to you for the first time.');
    for (const locale of LOCALES) {
      const mail = digestMail(setting, { ...to, locale }, digestLines([fromChase]), names);
      expect(mail.subject, locale).toContain(`Chase ${site.fictionalIcon} (`);
    }
  });
});
