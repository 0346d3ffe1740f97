import type { Translate } from '../../i18n/index.ts';
import type { Site } from '../../tenancy/site.ts';
import type { MailMessage } from '../adapters/mailer.ts';

/*
 * The one layout of every e-mail the platform sends: in the member's language, from the site's
 * own sender name and address, in the site's colours. Plain text and HTML carry the same words,
 * so a client that shows only text loses nothing. Features write the words (subject, paragraphs,
 * a link, notes); this file writes the frame.
 */

export interface MailLink {
  url: string;
  label: string;
}

export interface MailContent {
  subject: string;
  /** The name in the greeting; none for an address that is not yet the member's (a new e-mail). */
  name: string | undefined;
  paragraphs: string[];
  link?: MailLink;
  /** Small print under the button: how long the link works, what to do if it was not you. */
  notes: string[];
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** WCAG relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Mail is read on white in most clients, whatever the site's own colour scheme. */
const PAPER = '#ffffff';
const INK = '#1c1917';
/** Links and buttons must stay readable (WCAG AA for text) when a brand colour is too light. */
const MIN_CONTRAST = 4.5;

/** The colour mixed with black by `amount` (0 to 1): the same hue, darker. */
function darker(hex: string, amount: number): string {
  const channel = (i: number) =>
    Math.round(parseInt(hex.slice(i, i + 2), 16) * (1 - amount))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(1)}${channel(3)}${channel(5)}`;
}

/** The colour, darkened just enough to read on white. */
function readableOnPaper(hex: string): string {
  for (let step = 0; step <= 20; step++) {
    const colour = darker(hex, step / 20);
    if (contrast(colour, PAPER) >= MIN_CONTRAST) return colour;
  }
  return INK;
}

export interface MailColours {
  /** Buttons and links. */
  accent: string;
  /** The text on a button. */
  onAccent: string;
}

/**
 * The site's colours for its mail: its primary brand colour, else its theme's primary token,
 * darkened as far as it takes to read on white (a light brand colour still tints the mail). The
 * button's text is white, which reads on it by the same measure.
 */
export function mailColours(site: Site): MailColours {
  const accent = readableOnPaper(site.brandColors.primary ?? site.theme.colors.primary);
  return { accent, onAccent: PAPER };
}

function footer(t: Translate, site: Site): string {
  const { company } = site;
  return t('mail.footer', {
    site: site.name,
    company: company.name,
    address: `${company.address}, ${company.city}`,
  });
}

/**
 * Escaped text with each web address in it made a link (an unsubscribe or a settings page named
 * in a note), as the text part's reader's mail program would; a sentence's closing mark after
 * an address is left out of it.
 */
function linked(escaped: string, accent: string): string {
  return escaped.replace(/https?:\/\/[^\s<]+?(?=[.,;:!?)]*(?:\s|$))/g, (url) => {
    return `<a href="${url}" style="color:${accent};word-break:break-all">${url}</a>`;
  });
}

/** Builds the message: text first (what spam filters and screen readers read), then HTML. */
export function composeMail(t: Translate, site: Site, to: string, content: MailContent): MailMessage {
  const greeting = content.name ? t('mail.greeting', { name: content.name }) : t('mail.greeting_plain');
  const textParts = [greeting, ...content.paragraphs];
  if (content.link) textParts.push(`${content.link.label}:\n${content.link.url}`);
  textParts.push(...content.notes, '--', footer(t, site), t('mail.no_reply'));

  const { accent, onAccent } = mailColours(site);
  const paragraph = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
  const button = content.link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.link.url)}" style="display:inline-block;padding:12px 24px;border-radius:6px;background:${accent};color:${onAccent};text-decoration:none;font-weight:bold">${escapeHtml(content.link.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555555">${escapeHtml(t('mail.link_hint'))}<br><a href="${escapeHtml(content.link.url)}" style="color:${accent};word-break:break-all">${escapeHtml(content.link.url)}</a></p>`
    : '';
  const html = [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f5f5f4">',
    `<div style="max-width:560px;margin:0 auto;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:${INK};background:${PAPER}">`,
    `<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:${accent}">${escapeHtml(site.name)}</p>`,
    paragraph(greeting),
    ...content.paragraphs.map(paragraph),
    button,
    ...content.notes.map(
      (note) =>
        `<p style="margin:0 0 16px;font-size:14px;color:#555555">${linked(escapeHtml(note), accent)}</p>`,
    ),
    `<hr style="border:none;border-top:1px solid #e7e5e4;margin:24px 0">`,
    `<p style="margin:0;font-size:12px;color:#78716c">${escapeHtml(footer(t, site))}<br>${escapeHtml(t('mail.no_reply'))}</p>`,
    '</div></body></html>',
  ].join('\n');

  return {
    from: { name: site.mailName, address: site.mailFrom },
    to,
    subject: content.subject,
    text: textParts.join('\n\n') + '\n',
    html,
    // Tells mail servers and out-of-office replies that no person sent this.
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}
