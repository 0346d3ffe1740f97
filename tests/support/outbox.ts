/**
 * The `.eml` files the embedded mailer writes to `DATA_DIR/outbox`, read back as a person would
 * see them: addressee, subject, text and the links in it. No test framework in here, so both the
 * vitest and the Playwright suites can use it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerUnderTest } from './use-server.ts';

export interface Mail {
  file: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The whole message as written, for checks on headers and encodings. */
  raw: string;
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (`=?utf-8?Q?…?=`), as subjects with umlauts arrive. */
function decodeHeader(value: string): string {
  // Whitespace between two encoded words belongs to neither (RFC 2047 §6.2).
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_all, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodePart(part: string): { type: string; body: string } {
  const split = part.indexOf('\n\n');
  const head = part.slice(0, split);
  let body = part.slice(split + 2);
  const type = /content-type:\s*([^;\n]+)/i.exec(head)?.[1]?.trim().toLowerCase() ?? '';
  const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'quoted-printable') body = decodeQuotedPrintable(body);
  else if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { type, body };
}

export function parseMail(file: string): Mail {
  const raw = readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  const split = raw.indexOf('\n\n');
  const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const header = (name: string) => decodeHeader(new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? '');
  const boundaries = [...raw.matchAll(/boundary="?([^"\s;]+)"?/g)].map((m) => m[1]!);
  let text = '';
  let html = '';
  if (boundaries.length) {
    const parts = raw.split(
      new RegExp(`--(?:${boundaries.map((b) => b.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`),
    );
    for (const chunk of parts.slice(1)) {
      const part = decodePart(chunk.replace(/^\n/, ''));
      if (part.type === 'text/plain' && !text) text = part.body;
      if (part.type === 'text/html' && !html) html = part.body;
    }
  } else {
    text = decodePart(raw).body;
  }
  return { file, raw, to: header('To'), from: header('From'), subject: header('Subject'), text, html };
}

/** Every e-mail in a data folder's outbox, oldest first. */
export function readOutbox(dataDir: string): Mail[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parseMail(join(dir, name)));
}

/** The e-mails to one address, oldest first. */
export function mailsTo(dataDir: string, address: string): Mail[] {
  return readOutbox(dataDir).filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()));
}

/** The links of a mail's text part whose path (without a locale prefix) starts with `path`. */
export function linksIn(mail: Mail, path: string): URL[] {
  const links = mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
  return links
    .map((link) => new URL(link))
    .filter((url) => url.pathname.replace(/^\/[a-z]{2}(?=\/)/, '').startsWith(path));
}

export interface Sms {
  file: string;
  to: string;
  text: string;
}

/** The text messages (`.sms` files) to one number (E.164), oldest first. */
export function smsTo(dataDir: string, phone: string): Sms[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sms'))
    .sort()
    .map((name) => {
      const raw = readFileSync(join(dir, name), 'utf8');
      const split = raw.indexOf('\n\n');
      return { file: join(dir, name), to: raw.slice(4, split).trim(), text: raw.slice(split + 2).trim() };
    })
    .filter((sms) => sms.to === phone);
}

/** The six-digit code of the newest SMS to `phone`. */
export function latestSmsCode(dataDir: string, phone: string): string {
  const all = smsTo(dataDir, phone);
  const code = /\b(\d{6})\b/.exec(all.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`No SMS code to ${phone}`);
  return code;
}

/** A mail client's one-click unsubscribe (RFC 8058): the POST it sends to a List-Unsubscribe link. */
export function oneClickUnsubscribe(app: Pick<ServerUnderTest, 'request'>, path: string) {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
}
