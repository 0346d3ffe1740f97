/**
 * `npm run bench -- --only mail`: notification e-mails rendered and handed to SMTP. The target
 * (issue 23): 10,000 digest e-mails in ≤ 60 s on 2 cores.
 *
 * Each e-mail is what the job sends: a digest of three events (a first message, more messages in
 * another conversation, a like) in one of the eleven languages, in a demo site's layout, with
 * its List-Unsubscribe token (an HMAC), signed with a 2048-bit DKIM key, handed to an SMTP server
 * listening on localhost (smtp-server, in a child process so that it does not share this
 * process's core) through the mailer of the server (a pool of connections). Timed from the first
 * rendering to the SMTP server's acceptance of the last message.
 *
 *   npm run bench -- --only mail [--count 10000] [--in-flight 50] [--connections 10] [--no-dkim]
 *
 * On a shared machine the wall time follows the other load; the CPU time of both sides is printed
 * beside it.
 */
import { fork } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { digestMail } from '../../src/features/notification-mail/notification-mail.mail.ts';
import { digestLines, type PendingItem } from '../../src/features/notification-mail/digest.ts';
import { LOCALES } from '../../src/i18n/locales.ts';
import { systemClock } from '../../src/lib/clock.ts';
import { createMailer } from '../../src/server/adapters/mailer.ts';
import { TenantRegistry } from '../../src/tenancy/registry.ts';

const REPO_ROOT = resolve(import.meta.dirname, '..', '..');

/** The child: an SMTP server that accepts and counts; it reports its port, then each 1,000. */
async function smtpChild(): Promise<void> {
  let accepted = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    maxClients: 200,
    onData(stream, _session, done) {
      stream.on('data', () => {});
      stream.on('end', () => {
        accepted += 1;
        // The SMTP side's CPU time goes with each count: the machine may be shared, CPU time is not.
        const cpu = process.cpuUsage();
        process.send!({ accepted, cpuMs: (cpu.user + cpu.system) / 1000 });
        done();
      });
    },
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.server.address();
    process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
  });
}

export async function runMailBench(argv: string[]): Promise<{ count: number; seconds: number }> {
  const { values } = parseArgs({
    args: argv,
    strict: false,
    options: {
      count: { type: 'string', default: '10000' },
      'in-flight': { type: 'string', default: '50' },
      connections: { type: 'string', default: '10' },
      'no-dkim': { type: 'boolean', default: false },
    },
  });
  const count = Number(values.count);
  const inFlight = Number(values['in-flight']);
  const connections = Number(values.connections);
  const registry = TenantRegistry.load({
    tenantsDir: resolve(REPO_ROOT, 'tenants'),
    nichesDir: resolve(REPO_ROOT, 'niches'),
    themesDir: resolve(REPO_ROOT, 'themes'),
  });
  const sites = [...registry.snapshot.sites.values()];
  const child = fork(fileURLToPath(import.meta.url), ['--smtp-child'], { stdio: 'inherit' });
  let accepted = 0;
  let smtpCpuMs = 0;
  let allAccepted: () => void = () => {};
  const done = new Promise<void>((r) => (allAccepted = r));
  const port = await new Promise<number>((resolvePort) =>
    child.on('message', (message: { port?: number; accepted?: number; cpuMs?: number }) => {
      if (message.port) resolvePort(message.port);
      if (message.accepted) {
        accepted = message.accepted;
        smtpCpuMs = message.cpuMs ?? 0;
        if (accepted >= count) allAccepted();
      }
    }),
  );
  const dkim = values['no-dkim']
    ? undefined
    : {
        selector: 'bench',
        privateKey: generateKeyPairSync('rsa', { modulusLength: 2048 })
          .privateKey.export({ type: 'pkcs8', format: 'pem' })
          .toString(),
      };
  const mailer = createMailer(
    `smtp://127.0.0.1:${port}/?maxConnections=${connections}&maxMessages=1000`,
    '.',
    systemClock,
    dkim,
  );
  const secret = randomBytes(32);
  const names = new Map([
    ['p-first', { name: 'Sascha', fictional: false }],
    ['p-more', { name: 'Noor', fictional: true }],
    ['p-like', { name: 'Kim', fictional: false }],
  ]);
  const items: PendingItem[] = [
    {
      id: 'e1',
      type: 'message',
      actorProfileId: 'p-first',
      conversationId: 'c1',
      firstInConversation: true,
      createdAt: 1,
    },
    {
      id: 'e2',
      type: 'message',
      actorProfileId: 'p-more',
      conversationId: 'c2',
      firstInConversation: false,
      createdAt: 2,
    },
    {
      id: 'e3',
      type: 'message',
      actorProfileId: 'p-more',
      conversationId: 'c2',
      firstInConversation: false,
      createdAt: 3,
    },
    {
      id: 'e4',
      type: 'like',
      actorProfileId: 'p-like',
      conversationId: null,
      firstInConversation: false,
      createdAt: 4,
    },
  ];

  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const site = sites[i % sites.length]!;
      // Rendered per e-mail, as the job does: the lines, the words, the token, the layout.
      const message = digestMail(
        { site, origin: `https://${site.primaryDomain}`, secret },
        {
          memberId: `m${i.toString(36).padStart(15, '0')}`,
          email: `member${i}@example.org`,
          name: 'Robin',
          locale: LOCALES[i % LOCALES.length]!,
        },
        digestLines(items),
        names,
      );
      await mailer.send(message);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  await done;
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const senderCpu = (cpu.user + cpu.system) / 1e6;
  mailer.close?.();
  child.kill();
  process.stdout.write(
    `mail: ${count} digest e-mails rendered${dkim ? ', DKIM-signed' : ''} and accepted by SMTP in ${seconds.toFixed(1)} s ` +
      `(${Math.round(count / seconds)}/s, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}; target ≤ 60 s)\n` +
      `      CPU time: rendering and sending ${senderCpu.toFixed(1)} s, SMTP server ${(smtpCpuMs / 1000).toFixed(1)} s\n`,
  );
  return { count, seconds };
}

if (process.argv.includes('--smtp-child')) await smtpChild();
else if (import.meta.url === `file://${process.argv[1]}`) await runMailBench(process.argv.slice(2));
