import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
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
}

export function createMailer(mailUrl: string, dataDir: string, clock: Clock): Mailer {
  if (mailUrl) {
    if (!/^smtps?:\/\//.test(mailUrl)) throw new Error('MAIL_URL must start with smtp:// or smtps://');
    const transport = nodemailer.createTransport(mailUrl);
    return {
      kind: 'smtp',
      async send(message) {
        const info = await transport.sendMail(message);
        return { messageId: info.messageId };
      },
    };
  }
  const outbox = join(dataDir, 'outbox');
  // Builds the exact RFC 822 message an SMTP server would receive, without sending it.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail(message);
      mkdirSync(outbox, { recursive: true });
      const stamp = new Date(clock.now()).toISOString().replace(/[:.]/g, '-');
      const file = join(outbox, `${stamp}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '').slice(0, 24)}.eml`);
      writeFileSync(file, info.message as Buffer);
      return { messageId: info.messageId, file };
    },
  };
}
