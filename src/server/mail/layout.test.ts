import { describe, expect, it } from 'vitest';
import { testSite } from '../../features/accounts/accounts.test-support.ts';
import { translator } from '../../i18n/index.ts';
import { LOCALES } from '../../i18n/locales.ts';
import { composeMail, mailColours } from './layout.ts';

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}
const onWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe('the mail layout', () => {
  it('frames the words in every language without a missing message', () => {
    const site = testSite();
    for (const locale of LOCALES) {
      const message = composeMail(translator(locale), site, 'robin@example.org', {
        subject: 'Subject',
        name: 'Robin',
        paragraphs: ['One paragraph.'],
        link: { url: 'https://unit.example/x?a=1&b=2', label: 'Go' },
        notes: ['A note.'],
      });
      for (const text of [message.text, message.html!])
        expect(text, locale).not.toMatch(/\{\w+\}|\bmail\.\w/);
      expect(message.text).toContain('https://unit.example/x?a=1&b=2');
      expect(message.html).toContain('https://unit.example/x?a=1&#38;b=2');
      expect(message.headers).toEqual({ 'Auto-Submitted': 'auto-generated' });
    }
  });

  it("makes a note's web address a link in the HTML, without the sentence's closing mark", () => {
    const message = composeMail(translator('en'), testSite(), 'robin@example.org', {
      subject: 'Subject',
      name: 'Robin',
      paragraphs: ['One paragraph.'],
      notes: [
        'Unsubscribe from these e-mails: https://unit.example/api/unsubscribe.php?token=a.b_c&x=1',
        'Your photos are at https://unit.example/profile/photos. See you!',
        'No address here: <b>bold</b>.',
      ],
    });
    expect(message.html).toContain(
      'e-mails: <a href="https://unit.example/api/unsubscribe.php?token=a.b_c&#38;x=1" ',
    );
    expect(message.html).toMatch(
      />https:\/\/unit\.example\/api\/unsubscribe\.php\?token=a\.b_c&#38;x=1<\/a><\/p>/,
    );
    expect(message.html).toContain('<a href="https://unit.example/profile/photos" ');
    expect(message.html).toContain('>https://unit.example/profile/photos</a>. See you!');
    expect(message.html).toContain('No address here: &#60;b&#62;bold&#60;/b&#62;.');
    // The text part stays as written.
    expect(message.text).toContain('https://unit.example/profile/photos. See you!');
  });

  it('takes its accent from the site’s theme and brand colours, darkened until it reads on white', () => {
    for (const theme of ['amber', 'midnight']) {
      const site = testSite({ theme });
      const { accent, onAccent } = mailColours(site);
      expect(onWhite(accent), theme).toBeGreaterThanOrEqual(4.5);
      expect(onAccent).toBe('#ffffff');
      expect(
        composeMail(translator('en'), site, 'r@example.org', {
          subject: 's',
          name: undefined,
          paragraphs: [],
          link: { url: 'https://unit.example/', label: 'Go' },
          notes: [],
        }).html,
      ).toContain(`background:${accent}`);
    }
    const amber = mailColours(testSite({ theme: 'amber' })).accent;
    const midnight = mailColours(testSite({ theme: 'midnight' })).accent;
    expect(amber).not.toBe(midnight);
    // A dark brand colour is used as it is.
    expect(mailColours(testSite({ brand_colors: { primary: '#1d4ed8' } })).accent).toBe('#1d4ed8');
  });
});
