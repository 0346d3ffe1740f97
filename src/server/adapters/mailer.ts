import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Clock } from '../../lib/clock.ts';

export interface MailMessage {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

/** Sends e-mail: `.eml` files in DATA_DIR/outbox by default, SMTP when MAIL_URL says so. */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<{ messageId: string; file?: string }>;
  /** Closes the pooled SMTP connections (a command-line run ends with it). */
  close?(): void;
}

/** The DKIM key every message is signed with, for the domain of its sender address. */
export interface DkimKey {
  selector: string;
  privateKey: string;
}

/** DKIM_SELECTOR and DKIM_PRIVATE_KEY (PEM, `\n` for line breaks, or `file:<path>`) as a key. */
export function dkimKeyFrom(selector: string, privateKey: string): DkimKey | undefined {
  if (!selector || !privateKey) return undefined;
  const pem = privateKey.startsWith('file:')
    ? readFileSync(privateKey.slice('file:'.length), 'utf8')
    : privateKey.replace(/\\n/g, '\n');
  if (!/-----BEGIN (RSA )?PRIVATE KEY-----/.test(pem))
    throw new Error('DKIM_PRIVATE_KEY is not a PEM private key');
  return { selector, privateKey: pem };
}

/**
 * nodemailer's DKIM option for one message: signed for the domain of its From address, so each
 * site's mail is signed for its own sending domain (a receiver's DMARC check aligns on it).
 */
function dkimFor(message: MailMessage, key: DkimKey | undefined) {
  if (!key) return undefined;
  const domainName = message.from.address.split('@')[1]?.toLowerCase();
  if (!domainName) return undefined;
  return { domainName, keySelector: key.selector, privateKey: key.privateKey };
}

/**
 * The transport, made with the first message: nodemailer loads then, so a server that sends no
 * mail (most starts in a test, a process behind a proxy) never pays for loading it.
 */
function firstUse(options: Parameters<typeof import('nodemailer').createTransport>[0]) {
  let made: Promise<Transporter> | undefined;
  let transport: Transporter | undefined;
  return {
    get: () =>
      (made ??= import('nodemailer').then(({ default: nodemailer }) => {
        transport = nodemailer.createTransport(options);
        return transport;
      })),
    close: () => transport?.close(),
  };
}

export function createMailer(mailUrl: string, dataDir: string, clock: Clock, dkim?: DkimKey): Mailer {
  if (mailUrl) {
    if (!/^smtps?:\/\//.test(mailUrl)) throw new Error('MAIL_URL must start with smtp:// or smtps://');
    // A pool keeps a few connections open: a digest run hands over thousands of messages.
    const url = new URL(mailUrl);
    if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
    const transport = firstUse(url.toString());
    return {
      kind: 'smtp',
      async send(message) {
        const info = await (await transport.get()).sendMail({ ...message, dkim: dkimFor(message, dkim) });
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }
  const outbox = join(dataDir, 'outbox');
  // Builds the exact RFC 822 message an SMTP server would receive, without sending it.
  const transport = firstUse({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await (await transport.get()).sendMail({ ...message, dkim: dkimFor(message, dkim) });
      mkdirSync(outbox, { recursive: true });
      const stamp = new Date(clock.now()).toISOString().replace(/[:.]/g, '-');
      const file = join(outbox, `${stamp}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '').slice(0, 24)}.eml`);
      writeFileSync(file, info.message as Buffer);
      return { messageId: info.messageId, file };
    },
  };
}
