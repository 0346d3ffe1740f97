/**
 * The console's part of `npm run scan`: a staff owner made with the staff command (as an operator
 * makes one), logged in with a real TOTP code and past the first password change, real ids from
 * the console's own lists, and what sqlmap and wapiti aim at. See docs/security.md.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { generate } from 'otplib';
import { REPO_ROOT, type TestResponse, type TestServer } from '../../tests/support/server.ts';
import { getTarget, sendTarget, type SqlmapTarget } from './targets.ts';

/** The console's host (CONSOLE_HOSTS' default): its proxy sends every request with it. */
export const CONSOLE_HOST = 'console.localhost';

/** The demo network and its first site, where the seed's members, orders and profiles are. */
const NETWORK = 'amber';
const SITE = 'localhost';

export interface StaffLoggedIn {
  email: string;
  /** The console session's cookie, as a `Cookie` header's value. */
  cookie: string;
}

/** `name=value` of each cookie an answer sets (none that it clears). */
function cookiesOf(res: TestResponse): string[] {
  return res.cookies
    .map((line) => /^([^=;\s]+)=([^;]*)/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null && match[2] !== '')
    .map((match) => `${match[1]}=${match[2]}`);
}

/**
 * An owner of every network, added with `scripts/staff.ts` against the server's data, logged in
 * with the password and the current TOTP code, who then changes the one-time password as the
 * console asks at a first login.
 */
export async function logInStaff(app: TestServer): Promise<StaffLoggedIn> {
  const email = `scan-owner-${Date.now().toString(36)}@example.org`;
  const added = spawnSync(
    process.execPath,
    [join(REPO_ROOT, 'scripts', 'staff.ts'), 'add', email, '--role', 'owner'],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        DATA_DIR: app.dataDir,
        DATABASE_URL: app.databaseUrl,
        TENANTS_DIR: app.tenantsDir,
      },
      encoding: 'utf8',
    },
  );
  const password = /one-time password: (\S+)/.exec(added.stdout)?.[1];
  const secret = /TOTP secret:\s+(\S+)/.exec(added.stdout)?.[1];
  if (added.status !== 0 || !password || !secret)
    throw new Error(`the staff command did not add the scan's owner: ${added.stderr || added.stdout}`);

  const send = (method: string, path: string, body: unknown, cookie?: string) =>
    app.request(path, { host: CONSOLE_HOST, method, body, headers: cookie ? { cookie } : {} });
  const first = await send('POST', '/console/api/session.php', { email, password });
  if (first.status !== 200)
    throw new Error(`the owner's password was refused: ${first.status} ${first.body}`);
  const code = await generate({ secret });
  const second = await send('POST', '/console/api/session.php', { email, password, code });
  let cookies = cookiesOf(second);
  if (second.status !== 200 || cookies.length === 0)
    throw new Error(`the owner's TOTP code was refused: ${second.status} ${second.body}`);
  const newPassword = `scan-${randomBytes(12).toString('base64url')}`;
  const changed = await send(
    'PUT',
    '/console/api/password.php',
    { old_password: password, password: newPassword },
    cookies.join('; '),
  );
  if (changed.status !== 200)
    throw new Error(`the owner's first password change failed: ${changed.status} ${changed.body}`);
  if (cookiesOf(changed).length > 0) cookies = cookiesOf(changed);
  return { email, cookie: cookies.join('; ') };
}

export interface ConsoleIds {
  /** The scan's member (public profile id), whom the support pages look up. */
  member: string;
  order: string;
  /** A fictional profile of the network, for the profile editor's calls. */
  profile: string;
  /** A conversation of the host inbox, or `none` when nothing waits. */
  conversation: string;
  /** A report or complaint in the queue, or `none`. */
  report: string;
  /** A draft mailing the scan wrote, for its test send. */
  mailing: string;
}

/** Real ids for the console's targets, read through the console's own lists as the owner. */
export async function consoleIds(app: TestServer, staff: StaffLoggedIn, member: string): Promise<ConsoleIds> {
  const read = async <T>(path: string): Promise<T> => {
    const res = await app.request(path, { host: CONSOLE_HOST, headers: { cookie: staff.cookie } });
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${res.body.slice(0, 300)}`);
    return res.json<T>();
  };
  const orders = await read<{ orders: Array<{ id: string }> }>(`/console/api/orders.php?site=${SITE}`);
  const profiles = await read<{ profiles: Array<{ id: string }> }>(
    `/console/api/profiles.php?network=${NETWORK}`,
  );
  const inbox = await read<{ conversations: Array<{ conversation: string }> }>('/console/api/inbox.php');
  const reports = await read<{ items: Array<{ id: string }> }>(`/console/api/reports.php?network=${NETWORK}`);
  const drafted = await app.request('/console/api/mailings.php', {
    host: CONSOLE_HOST,
    method: 'POST',
    headers: { cookie: staff.cookie },
    body: { action: 'create', site: SITE, category: 'news', locale: 'en', subject: 'Scan', text: 'Hello' },
  });
  const mailing = drafted.json<{ mailing?: { id: string } }>().mailing?.id;
  const order = orders.orders[0]?.id;
  const profile = profiles.profiles[0]?.id;
  if (!order || !profile || !mailing)
    throw new Error('the console lists no order or no fictional profile to aim at, or wrote no mailing');
  return {
    member,
    order,
    profile,
    conversation: inbox.conversations[0]?.conversation ?? 'none',
    report: reports.items[0]?.id ?? 'none',
    mailing,
  };
}

/**
 * The console endpoints that take input, each with real values. Left out: the session's end
 * (it would end the scan's login), the password change with the right password (it ends the
 * owner's other sessions), the inbox's event stream (it never ends) and the photo uploads
 * (multipart; the console's photo tests cover them). Every mutation here is bounded by a rule
 * the scan meets (an unknown id, a code that exists after the first request, a site file
 * written into the server's own copy of `tenants/`).
 */
/**
 * Cursors of the form each list writes (a time and an id), past every row: a list refuses a
 * cursor it did not write, and then every variation of the other parameters would stop there.
 */
const PAGE_KEY = '9999999999999.scan';
const QUEUE_CURSOR = Buffer.from(PAGE_KEY).toString('base64url');

export function consoleSqlmapTargets(ids: ConsoleIds): SqlmapTarget[] {
  const days = 'from=2026-01-01&to=2026-12-31';
  return [
    {
      name: 'GET /console/api/session.php (session cookie)',
      method: 'GET',
      url: '/console/api/session.php?scan=1',
      level: 2,
    },
    getTarget(`/console/api/members.php?q=demo`),
    getTarget(`/console/api/member.php?id=${ids.member}`),
    getTarget(`/console/api/member-ledger.php?id=${ids.member}&cursor=${PAGE_KEY}`),
    getTarget(`/console/api/member-sessions.php?id=${ids.member}`),
    getTarget(
      `/console/api/orders.php?site=${SITE}&status=completed&method=test&${days}&member=${ids.member}&cursor=${PAGE_KEY}`,
    ),
    getTarget(`/console/api/order.php?id=${ids.order}`),
    getTarget(`/console/api/audit.php?network=${NETWORK}&action=staff.login&staff=x&target=x&${days}`),
    getTarget(`/console/api/reports.php?network=${NETWORK}`),
    getTarget(`/console/api/reports.php?id=${ids.report}&kind=report`),
    getTarget(`/console/api/report-photo.php?network=${NETWORK}&id=x`),
    getTarget(`/console/api/photos.php?cursor=${QUEUE_CURSOR}`),
    getTarget(`/console/api/texts.php?cursor=${QUEUE_CURSOR}`),
    getTarget(`/console/api/inbox.php?conversation=${ids.conversation}`),
    getTarget(`/console/api/inbox-stats.php?${days}&network=${NETWORK}`),
    getTarget(`/console/api/profiles.php?network=${NETWORK}`),
    getTarget(`/console/api/profiles.php?id=${ids.profile}`),
    getTarget(`/console/api/profile-photos.php?profile=${ids.profile}`),
    getTarget(`/console/api/statistics.php?network=${NETWORK}&site=${SITE}&days=30&by_source=1`),
    getTarget(`/console/api/sites-check.php?site=${SITE}`),
    getTarget(`/console/api/codes.php?network=${NETWORK}`),
    getTarget(`/console/api/invites.php?network=${NETWORK}`),
    getTarget(`/console/api/sanctions.php?network=${NETWORK}&member=${ids.member}`),
    getTarget(`/console/api/transparency.php?network=${NETWORK}&${days}`),
    sendTarget('POST', '/console/api/member-actions.php', {
      id: ids.member,
      action: 'adjust_credits',
      delta: 1,
      reason: 'Scan adjustment',
    }),
    sendTarget('POST', '/console/api/refunds.php', { order: 'unknown-order', mode: 'rules' }),
    sendTarget('POST', '/console/api/returned-debits.php', { order: 'unknown-order' }),
    sendTarget('POST', '/console/api/directdebit-export.php', {
      site: SITE,
      from: '2026-01-01',
      to: '2026-12-31',
      collection: '2027-01-15',
    }),
    sendTarget('PUT', '/console/api/reports.php', {
      id: 'unknown-report',
      kind: 'report',
      decision: 'dismiss',
    }),
    sendTarget('PUT', '/console/api/photos.php', { id: 'unknown-photo', decision: 'approve' }),
    sendTarget('PUT', '/console/api/texts.php', { id: 'unknown-text', decision: 'approve' }),
    sendTarget('POST', '/console/api/codes.php', {
      action: 'create',
      kind: 'multi',
      network: NETWORK,
      code: 'SCAN-2026',
      percentage: 10,
    }),
    sendTarget('POST', '/console/api/invites.php', {
      action: 'create',
      network: NETWORK,
      code: 'SCAN-INVITE',
      max_uses: 5,
    }),
    sendTarget('POST', '/console/api/mailings.php', {
      action: 'create',
      site: SITE,
      category: 'news',
      locale: 'en',
      subject: 'Written by the scan',
      text: 'Hello from the scan',
    }),
    // Each of its requests mails the scan's owner once (the server's own outbox).
    sendTarget('POST', '/console/api/mailings.php', { action: 'test', id: ids.mailing }),
    sendTarget('POST', '/console/api/sanctions.php', {
      network: NETWORK,
      member: ids.member,
      kind: 'warn',
      facts: 'Facts written by the scan',
      ground_type: 'terms',
      ground: 'Terms 4.2',
    }),
    sendTarget('POST', '/console/api/appeals.php', { id: 'unknown-appeal', outcome: 'uphold' }),
    sendTarget('POST', '/console/api/staff.php', {
      email: 'scan-moderator@example.org',
      role: 'moderator',
      network: NETWORK,
    }),
    sendTarget('PUT', '/console/api/staff.php', { id: 'unknown-staff', disabled: true }),
    sendTarget('POST', '/console/api/profiles.php', {
      site: SITE,
      name: 'Scanprofile',
      gender: 'female',
      seeking: 'male',
      birthdate: '1990-05-01',
      country: 'NL',
    }),
    sendTarget('PUT', '/console/api/profiles.php', { id: ids.profile, name: 'Scanprofile' }),
    sendTarget('POST', '/console/api/inbox.php', {
      conversation: ids.conversation,
      type: 'text',
      text: 'Hello from the scan',
      client_id: 'scan-client-0001',
    }),
    sendTarget('POST', '/console/api/inbox-claim.php', { conversation: ids.conversation }),
    sendTarget('POST', '/console/api/inbox-mark.php', {
      conversation: ids.conversation,
      message: 'unknown-message',
    }),
    sendTarget('POST', '/console/api/inbox-typing.php', { conversation: ids.conversation }),
    sendTarget('POST', '/console/api/sites.php', {
      domains: ['scan.localhost'],
      name: 'Scan site',
      niche: 'general',
    }),
    // The wrong password: a refusal, so the owner's session and password stay as they are.
    {
      ...sendTarget('PUT', '/console/api/password.php', {
        old_password: 'not-the-password-2026',
        password: 'another-password-2026',
      }),
      name: 'PUT /console/api/password.php (a wrong password)',
    },
  ];
}

/** The console's pages and list calls that wapiti starts from (it crawls two levels on). */
export function consolePages(ids: ConsoleIds): string[] {
  return [
    '/console',
    '/console/members',
    `/console/members/${ids.member}`,
    '/console/orders',
    `/console/orders/${ids.order}`,
    '/console/reports',
    '/console/photos',
    '/console/texts',
    '/console/appeals',
    '/console/inbox',
    `/console/inbox/${ids.conversation}`,
    '/console/inbox/stats',
    '/console/profiles',
    '/console/sanctions',
    '/console/sanctions/new',
    '/console/transparency',
    '/console/audit',
    '/console/statistics',
    '/console/codes',
    '/console/invites',
    '/console/mailings',
    '/console/staff',
    '/console/sites',
    `/console/api/members.php?q=demo`,
    `/console/api/member.php?id=${ids.member}`,
    `/console/api/orders.php?site=${SITE}&status=completed`,
    `/console/api/order.php?id=${ids.order}`,
    `/console/api/audit.php?network=${NETWORK}&action=staff.login`,
    `/console/api/profiles.php?id=${ids.profile}`,
    `/console/api/statistics.php?network=${NETWORK}&days=30`,
    `/console/api/transparency.php?network=${NETWORK}`,
  ];
}

/**
 * What the console's proxy does not pass on from wapiti: the session's end and the password
 * change would end the owner's login (wapiti follows every form and button it finds), and the
 * inbox's event stream never ends.
 */
export const CONSOLE_OUT_OF_BOUNDS =
  /^\/console\/(?:api\/(?:session|password|inbox-events)\.php|logout)(?:[?/]|$)/;
