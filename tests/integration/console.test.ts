import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONSOLE_SECTIONS, sectionOf } from '../../src/features/staff/console/console-sections.ts';
import { PERMISSIONS, STAFF_ROLES } from '../../src/features/staff/index.ts';
import { recordAudit, type AuditEntry } from '../../src/server/audit/audit.ts';
import { eraseMember } from '../../src/server/privacy.ts';
import { privacy } from '../../src/app/privacy.list.ts';
import { useServer } from '../support/use-server.ts';
import {
  addDirectly,
  addWithCli,
  codeAt,
  CONSOLE_HOST,
  consoleVisitor,
  logIn,
  MINUTE,
  staffCli,
  staffEmail,
  staffIdOf,
  type StaffLogin,
} from './console-support.ts';

/*
 * The operator console (../shared/API.md "Operator console", docs/console.md): its own host,
 * staff made by the CLI, logins with password and TOTP (or a recovery code), the lockout of
 * members' logins, 30 idle minutes, roles per network checked by the endpoint kit, and the
 * audit log of every action with its export and the erasure's redaction.
 */
const app = useServer({ clock: true, trustProxy: true });

/**
 * Every console page but the login and the page of no access, from its route file: a dynamic
 * part gets an id no record has (the page renders; its island then says the record is not found).
 */
const CONSOLE_PAGES = readdirSync('src/pages/console', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.astro'))
  .map((file) =>
    `/console/${file.replace(/\.astro$/, '').replace(/(^|\/)index$/, '')}`
      .replace(/\[[^\]]+\]/g, 'none')
      .replace(/\/$/, ''),
  )
  .filter((path) => path !== '/console/login' && path !== '/console/forbidden');

describe('the console host', () => {
  it('serves the console only on CONSOLE_HOSTS: a site answers its paths 404', async () => {
    for (const path of ['/console', '/console/login', '/console/api/session.php', '/de/console/login']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
    }
    const post = await app
      .visitor()
      .send('POST', '/console/api/session.php', { email: 'a@b.c', password: 'x' });
    expect(post.status).toBe(404);
  });

  it('answers no site: site paths are 404 on the console host', async () => {
    for (const path of ['/', '/login', '/api/user.php', '/pages/terms', '/members', '/robots.txt', '/nl/']) {
      const res = await app.request(path, { host: CONSOLE_HOST });
      expect(res.status, path).toBe(404);
      expect(res.body, path).not.toContain('<form');
    }
    // The fast paths of the built server (the chat send, the event stream) ask the same pipeline.
    const member = await app.make.loggedIn();
    const send = await app.request('/api/chat.php', {
      host: CONSOLE_HOST,
      method: 'POST',
      headers: { cookie: member.cookie },
      body: { to: member.profileId, text: 'hello' },
    });
    expect(send.status).toBe(404);
    const stream = await app.request('/api/events.php', {
      host: CONSOLE_HOST,
      headers: { cookie: member.cookie, accept: 'text/event-stream' },
    });
    expect(stream.status).toBe(404);
  });

  it('goes through the same pipeline: security headers, no caching, the origin check of mutations', async () => {
    const page = await app.request('/console/login', { host: CONSOLE_HOST });
    expect(page.status).toBe(200);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(page.headers['cache-control']).toBe('private, no-store');
    const foreign = await consoleVisitor(app).send(
      'POST',
      '/console/api/session.php',
      { email: 'a@b.c', password: 'x' },
      { origin: 'http://localhost' },
    );
    expect(foreign.status).toBe(403);
    expect(foreign.json().error).toBe('forbidden_origin');
    const tooLarge = await consoleVisitor(app).send('POST', '/console/api/session.php', {
      email: 'x'.repeat(40_000),
    });
    expect(tooLarge.status).toBe(413);
  });

  it('sends a visitor of any console page to the login', async () => {
    for (const path of CONSOLE_PAGES) {
      const res = await app.request(path, { host: CONSOLE_HOST });
      expect(res.status, path).toBe(303);
      expect(res.headers.location, path).toBe('/console/login');
    }
  });

  it('names its icon, which the console host serves (browsers need not ask for /favicon.ico)', async () => {
    const page = await app.request('/console/login', { host: CONSOLE_HOST });
    expect(page.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    const icon = await app.request('/favicon.svg', { host: CONSOLE_HOST });
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
  });

  it('answers an unknown console path 404 with the way back to the console, logged in or not', async () => {
    const login = await addDirectly(app, 'owner', 'amber');
    const staff = await logIn(app, login);
    const before = app.server.output().length;
    for (const visitor of [consoleVisitor(app), staff]) {
      const page = await visitor.get('/console/no-such-section');
      expect(page.status).toBe(404);
      expect(page.body).toContain('This page could not be found.');
      expect(page.body).toContain('href="/console"');
      const call = await visitor.get('/console/api/no-such-call.php');
      expect(call.status).toBe(404);
    }
    expect(app.server.output().slice(before)).not.toMatch(/Unhandled rejection|request failed/);
  });
});

describe('staff logins', () => {
  it('takes the password, then the TOTP code; the one-time password must be changed first', async () => {
    const login = addWithCli(app, staffEmail('owner'), 'owner');
    const visitor = await logIn(app, login);
    const cookie = visitor.cookies.get('staff')!;
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Its own cookie: httpOnly, SameSite=Strict, host-only, and no member session.
    expect(visitor.cookies.has('session')).toBe(false);

    const blocked = await visitor.get('/console/api/audit.php');
    expect(blocked.status).toBe(403);
    expect(blocked.json().error).toBe('password_change_required');
    expect((await visitor.get('/console')).headers.location).toBe('/console/password');

    const weak = await visitor.send('PUT', '/console/api/password.php', {
      old_password: login.password,
      password: 'short',
    });
    expect(weak.status).toBe(422);
    expect(weak.json<{ fields: Record<string, string> }>().fields.password).toBe('password_too_short');
    const changed = await visitor.send('PUT', '/console/api/password.php', {
      old_password: login.password,
      password: 'a long own passphrase 7',
    });
    expect(changed.status).toBe(200);
    const codes = changed.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const rows = await app.db.selectFrom('staff_recovery_codes').select('hash').execute();
    for (const code of codes) expect(rows.some((r) => r.hash.includes(code))).toBe(false);

    expect((await visitor.get('/console/api/audit.php')).status).toBe(200);
    expect((await visitor.get('/console')).status).toBe(200);
    // A second change gives no new codes.
    const again = await visitor.send('PUT', '/console/api/password.php', {
      old_password: 'a long own passphrase 7',
      password: 'another own passphrase 8',
    });
    expect(again.json()).toEqual({ recovery_codes: null });
  });

  it('sets the staff cookie httpOnly, SameSite=Strict, without a Domain', async () => {
    const login = await addDirectly(app, 'support', 'amber');
    const visitor = consoleVisitor(app);
    const res = await visitor.send('POST', '/console/api/session.php', {
      email: login.email,
      password: login.password,
      code: await codeAt(login.totpSecret),
    });
    const line = res.cookies.find((c) => c.startsWith('staff='))!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Strict/i);
    expect(line).not.toMatch(/Domain=/i);
    expect(line).toMatch(/Path=\//);
  });

  it('refuses a wrong code and a code used already', async () => {
    const login = await addDirectly(app, 'moderator', 'amber');
    const visitor = consoleVisitor(app);
    const right = await codeAt(login.totpSecret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const refused = await visitor.send('POST', '/console/api/session.php', { ...login, code: wrong });
    expect(refused.status).toBe(401);
    expect(refused.json().error).toBe('code_invalid');
    expect(visitor.cookies.has('staff')).toBe(false);
    expect((await visitor.send('POST', '/console/api/session.php', { ...login, code: right })).status).toBe(
      200,
    );
    const replay = await consoleVisitor(app).send('POST', '/console/api/session.php', {
      ...login,
      code: right,
    });
    expect(replay.status).toBe(401);
    expect(replay.json().error).toBe('code_invalid');
    const wrongPassword = await visitor.send('POST', '/console/api/session.php', {
      email: login.email,
      password: 'nope',
    });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.json().error).toBe('login_failed');
  });

  it('takes each recovery code once', async () => {
    const login = addWithCli(app, staffEmail('host'), 'host', 'amber');
    const visitor = await logIn(app, login);
    const { recovery_codes: codes } = (
      await visitor.send('PUT', '/console/api/password.php', {
        old_password: login.password,
        password: 'my own long password 1',
      })
    ).json<{ recovery_codes: string[] }>();
    const withCode = (recovery_code: string) =>
      consoleVisitor(app).send('POST', '/console/api/session.php', {
        email: login.email,
        password: 'my own long password 1',
        recovery_code,
      });
    const first = await withCode(codes[0]!.toUpperCase());
    expect(first.status).toBe(200);
    expect(first.json<{ staff: { recovery_codes_left: number } }>().staff.recovery_codes_left).toBe(9);
    const second = await withCode(codes[0]!);
    expect(second.status).toBe(401);
    expect(second.json().error).toBe('code_invalid');
    expect((await withCode('zzzz-zzzz')).status).toBe(401);
  });

  it('locks out like members’ logins: the fifth wrong password locks the address out', async () => {
    const login = await addDirectly(app, 'support', 'amber');
    const visitor = consoleVisitor(app);
    let last;
    for (let i = 0; i < 5; i++)
      last = await visitor.send('POST', '/console/api/session.php', {
        email: login.email,
        password: `guess ${i}`,
      });
    expect(last!.status).toBe(429);
    expect(last!.json().error).toBe('account_locked');
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password and code wait now, from that address.
    const right = await visitor.send('POST', '/console/api/session.php', {
      ...login,
      code: await codeAt(login.totpSecret),
    });
    expect(right.status).toBe(429);
    // Wrong codes count as much as wrong passwords.
    const other = await addDirectly(app, 'support', 'amber');
    const guesser = consoleVisitor(app);
    let byCode;
    for (let i = 0; i < 5; i++)
      byCode = await guesser.send('POST', '/console/api/session.php', { ...other, code: String(100000 + i) });
    expect(byCode!.status).toBe(429);
  });

  it('refuses, on every list, a page cursor the list did not write', async () => {
    const visitor = await logIn(app, await addDirectly(app, 'owner'));
    const member = await app.make.loggedIn();
    const lists = [
      '/console/api/orders.php',
      `/console/api/member-ledger.php?id=${member.profileId}`,
      '/console/api/photos.php',
      '/console/api/texts.php',
      '/console/api/inbox.php',
      '/console/api/profiles.php',
      '/console/api/reports.php',
      '/console/api/audit.php',
    ];
    for (const list of lists) {
      const joiner = list.includes('?') ? '&' : '?';
      expect((await visitor.get(list)).status, list).toBe(200);
      // Read as the first page, a stale or mangled cursor made "more" show the first page again.
      for (const cursor of ['not-a-cursor', '12.', 'eC55']) {
        const refused = await visitor.get(`${list}${joiner}cursor=${encodeURIComponent(cursor)}`);
        expect(refused.status, `${list} ${cursor}`).toBe(422);
        expect(refused.json().fields, `${list} ${cursor}`).toEqual({ cursor: 'invalid' });
      }
    }
  });

  it('ends a session after 30 idle minutes, not while it is used', async () => {
    const login = await addDirectly(app, 'owner');
    const visitor = await logIn(app, login);
    try {
      app.setClock(29 * MINUTE);
      expect((await visitor.get('/console/api/staff.php')).status).toBe(200);
      app.setClock(58 * MINUTE);
      expect((await visitor.get('/console/api/staff.php')).status).toBe(200);
      app.setClock(88 * MINUTE + 30_000);
      const expired = await visitor.get('/console/api/staff.php');
      expect(expired.status).toBe(403);
      expect(expired.json().error).toBe('authentication_required');
      expect(visitor.cookies.has('staff')).toBe(false);
    } finally {
      app.setClock(0);
    }
  });

  it('refuses a disabled staff member, and ends their sessions', async () => {
    const login = await addDirectly(app, 'owner');
    const visitor = await logIn(app, login);
    expect((await visitor.get('/console/api/staff.php')).status).toBe(200);
    const run = staffCli(app, ['disable', login.email]);
    expect(run.status, run.stderr).toBe(0);
    expect((await visitor.get('/console/api/staff.php')).status).toBe(403);
    const again = await consoleVisitor(app).send('POST', '/console/api/session.php', {
      email: login.email,
      password: login.password,
    });
    expect(again.status).toBe(403);
    expect(again.json().error).toBe('staff_disabled');
    expect(staffCli(app, ['list']).stdout).toContain(`${login.email}\tdisabled`);
  });

  it('ends the session at logout', async () => {
    const visitor = await logIn(app, await addDirectly(app, 'owner'));
    expect((await visitor.send('DELETE', '/console/api/session.php', {})).status).toBe(200);
    expect((await visitor.get('/console/api/session.php')).json()).toEqual({ staff: null });
  });
});

/**
 * A change to something nobody has (`id: 'nobody'`): allowed callers get past the guard to the
 * rule, which answers 404; the others are stopped at the guard (403).
 */
const toNobody = <P extends keyof typeof PERMISSIONS>(call: string, permission: P, fields: object = {}) =>
  ({ call, permission, body: () => ({ ...fields, id: 'nobody' }), ok: 404 }) as const;

/** The console API's calls and the permission each needs (docs/console.md). */
const ENDPOINTS = [
  { call: 'GET /console/api/staff.php', permission: 'add_staff', body: undefined },
  {
    call: 'POST /console/api/staff.php',
    permission: 'add_staff',
    body: () => ({ email: staffEmail('matrix'), role: 'support', network: 'amber' }),
  },
  toNobody('PUT /console/api/staff.php', 'add_staff', { disabled: true }),
  { call: 'GET /console/api/audit.php', permission: 'view_audit_log', body: undefined },
  { call: 'GET /console/api/audit.php?format=csv', permission: 'view_audit_log', body: undefined },
  { call: 'GET /console/api/sanctions.php', permission: 'moderate', body: undefined },
  { call: 'GET /console/api/sanctions.php?format=dsa', permission: 'moderate', body: undefined },
  // An unknown member or appeal: past the guard, the rule answers 404.
  {
    call: 'POST /console/api/sanctions.php',
    permission: 'moderate',
    body: () => ({
      network: 'amber',
      member: 'nobody',
      kind: 'warn',
      facts: 'x',
      ground_type: 'terms',
      ground: 'y',
    }),
    ok: 404,
  },
  { call: 'GET /console/api/appeals.php', permission: 'moderate', body: undefined },
  toNobody('POST /console/api/appeals.php', 'moderate', { outcome: 'uphold' }),
  { call: 'GET /console/api/transparency.php', permission: 'moderate', body: undefined },
  { call: 'GET /console/api/transparency.php?format=csv', permission: 'moderate', body: undefined },
  { call: 'GET /console/api/reports.php', permission: 'moderate', body: undefined },
  toNobody('PUT /console/api/reports.php', 'moderate', { decision: 'dismiss' }),
  { call: 'GET /console/api/statistics.php', permission: 'view_statistics', body: undefined },
  { call: 'GET /console/api/statistics.php?format=csv', permission: 'view_statistics', body: undefined },
  // A domain another site serves: owners get past the guard to the checks (422), nothing is written.
  {
    call: 'POST /console/api/sites.php',
    permission: 'manage_sites',
    body: () => ({ domains: 'localhost', id: 'matrix', name: 'Matrix', niche: 'general', network: 'amber' }),
    ok: 422,
  },
  { call: 'GET /console/api/codes.php?network=amber', permission: 'manage_codes', body: undefined },
  toNobody('POST /console/api/codes.php', 'manage_codes', { action: 'disable', network: 'amber' }),
  { call: 'GET /console/api/invites.php?network=amber', permission: 'manage_codes', body: undefined },
  toNobody('POST /console/api/invites.php', 'manage_codes', { action: 'disable', network: 'amber' }),
  { call: 'GET /console/api/mailings.php', permission: 'manage_codes', body: undefined },
  toNobody('POST /console/api/mailings.php', 'manage_codes', { action: 'send' }),
] as const;

describe('roles', () => {
  it('walks the role matrix: each role gets exactly the calls its permissions allow', async () => {
    for (const role of STAFF_ROLES) {
      const visitor = await logIn(app, await addDirectly(app, role, 'amber'));
      for (const endpoint of ENDPOINTS) {
        const [method, path] = endpoint.call.split(' ') as [string, string];
        const res = await visitor.send(method, path, endpoint.body?.());
        const allowed = (PERMISSIONS[endpoint.permission] as readonly string[]).includes(role);
        const ok = 'ok' in endpoint ? endpoint.ok : 200;
        expect(res.status, `${role} ${endpoint.call}`).toBe(allowed ? ok : 403);
        if (!allowed) expect(res.json().error).toBe('forbidden');
      }
      // The pages follow the same rule, section by section, and the sidebar links what opens.
      for (const page of CONSOLE_PAGES) {
        const permission = sectionOf(page)?.permission;
        const opens = !permission || (PERMISSIONS[permission] as readonly string[]).includes(role);
        expect((await visitor.get(page)).status, `${role} ${page}`).toBe(opens ? 200 : 403);
      }
      // The guard goes by the page Astro matched, however its address is written.
      const owner = role === 'owner';
      for (const page of ['/console/%61udit', '/console/audit/', '/%63onsole/audit'])
        expect((await visitor.get(page)).status, `${role} ${page}`).toBe(owner ? 200 : 403);
      // No access is the console's own page: what happened, the sidebar, the way back.
      if (!owner) {
        const refused = await visitor.get('/console/audit');
        expect(refused.body).toContain('No access to this section');
        expect(refused.body).toContain('class="nav-link');
        expect(refused.body).not.toContain('Audit log</h1>');
      }
      const dashboard = await visitor.get('/console');
      expect(dashboard.status, role).toBe(200);
      const linked = [...dashboard.body.matchAll(/class="nav-link[^"]*"\s+href="([^"]+)"/g)].map((m) => m[1]);
      const opening = CONSOLE_SECTIONS.filter(
        (section) =>
          !section.permission || (PERMISSIONS[section.permission] as readonly string[]).includes(role),
      ).map((section) => section.href);
      // Twice: the phone's menu and the sidebar list the same sections.
      expect(linked, role).toEqual([...opening, ...opening]);
      // Every role sees the sites of its networks; only the form is the owners'.
      expect((await visitor.get('/console/sites')).status, role).toBe(200);
    }
  });

  it('refuses every call without a staff session, and a member’s session counts for nothing', async () => {
    const member = await app.make.loggedIn();
    for (const endpoint of ENDPOINTS) {
      const [method, path] = endpoint.call.split(' ') as [string, string];
      const res = await app.request(path, {
        host: CONSOLE_HOST,
        method,
        headers: { cookie: member.cookie },
        ...(endpoint.body && { body: endpoint.body() }),
      });
      expect(res.status, endpoint.call).toBe(403);
      expect(res.json().error).toBe('authentication_required');
    }
  });

  it('scopes staff to their networks: an owner of one network sees and adds nothing of another', async () => {
    const amberOwner = await logIn(app, await addDirectly(app, 'owner', 'amber'));
    const curvyModerator = await addDirectly(app, 'moderator', 'curvy');
    const amberHost = await addDirectly(app, 'host', 'amber');
    const listed = (await amberOwner.get('/console/api/staff.php')).json<{ staff: { email: string }[] }>()
      .staff;
    expect(listed.map((s) => s.email)).toContain(amberHost.email);
    expect(listed.map((s) => s.email)).not.toContain(curvyModerator.email);

    const intoCurvy = await amberOwner.send('POST', '/console/api/staff.php', {
      email: staffEmail('x'),
      role: 'moderator',
      network: 'curvy',
    });
    expect(intoCurvy.status).toBe(403);
    const everyNetwork = await amberOwner.send('POST', '/console/api/staff.php', {
      email: staffEmail('x'),
      role: 'owner',
    });
    expect(everyNetwork.status).toBe(403);
    expect((await amberOwner.get('/console/api/audit.php?network=curvy')).status).toBe(403);

    // Its audit log holds only its network's entries.
    const curvyOwner = await logIn(app, await addDirectly(app, 'owner', 'curvy'));
    const added = await curvyOwner.send('POST', '/console/api/staff.php', {
      email: staffEmail('curvy'),
      role: 'support',
      network: 'curvy',
    });
    expect(added.status).toBe(200);
    const entries = (await amberOwner.get('/console/api/audit.php')).json<{ entries: AuditEntry[] }>()
      .entries;
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.network === 'amber')).toBe(true);
    const unknown = await curvyOwner.send('POST', '/console/api/staff.php', {
      email: staffEmail('x'),
      role: 'support',
      network: 'nowhere',
    });
    expect(unknown.status).toBe(403);
  });
});

describe('disabling staff from the console', () => {
  it('an owner disables staff of their network (sessions end, audited), not another network’s, not themselves', async () => {
    const ownerLogin = await addDirectly(app, 'owner', 'amber');
    const owner = await logIn(app, ownerLogin);
    const moderatorLogin = await addDirectly(app, 'moderator', 'amber');
    const moderator = await logIn(app, moderatorLogin);
    const listed = (await owner.get('/console/api/staff.php')).json<{
      staff: { id: string; email: string }[];
    }>().staff;
    const target = listed.find((s) => s.email === moderatorLogin.email)!;
    const self = listed.find((s) => s.email === ownerLogin.email)!;

    expect((await owner.send('PUT', '/console/api/staff.php', { id: self.id, disabled: true })).status).toBe(
      403,
    );
    const done = await owner.send('PUT', '/console/api/staff.php', { id: target.id, disabled: true });
    expect(done.status).toBe(200);
    expect((await moderator.get('/console/api/session.php')).json()).toEqual({ staff: null });
    const audit = await app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'staff.disable')
      .where('target_id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(audit.staff_email).toBe(ownerLogin.email);

    // Someone of another network is not this owner's to see, nor someone also of another network.
    const curvy = await addDirectly(app, 'support', 'curvy');
    const disable = async (login: StaffLogin) =>
      (
        await owner.send('PUT', '/console/api/staff.php', {
          id: await staffIdOf(app, login.email),
          disabled: true,
        })
      ).status;
    expect(await disable(curvy)).toBe(404);
    const everywhere = await addDirectly(app, 'owner');
    expect(await disable(everywhere)).toBe(404);
    const both = await addDirectly(app, 'support', 'amber');
    expect(staffCli(app, ['add', both.email, '--role', 'support', '--network', 'curvy']).status).toBe(0);
    expect(await disable(both)).toBe(403);
    const bothId = await staffIdOf(app, both.email);
    const stillActive = await app.db
      .selectFrom('staff')
      .select('disabled_at')
      .where('id', '=', bothId)
      .executeTakeFirstOrThrow();
    expect(stillActive.disabled_at).toBeNull();
  });
});

describe('the audit log', () => {
  it('records every action with who, what, target, before and after, and when', async () => {
    const ownerLogin = await addDirectly(app, 'owner');
    const owner = await logIn(app, ownerLogin);
    const email = staffEmail('audited');
    const added = await owner.send('POST', '/console/api/staff.php', {
      email,
      role: 'moderator',
      network: 'amber',
    });
    expect(added.status).toBe(200);
    const staff = added.json<{ staff: { id: string; password: string; totp_secret: string } }>().staff;
    expect(staff.password).toBeTruthy();
    expect(staff.totp_secret).toMatch(/^[A-Z2-7]+$/);
    const moderator = await logIn(app, { email, password: staff.password, totpSecret: staff.totp_secret });
    await moderator.send('PUT', '/console/api/password.php', {
      old_password: staff.password,
      password: 'moderator own pass 9',
    });
    expect(staffCli(app, ['disable', email]).status).toBe(0);

    const page = await owner.get(`/console/api/audit.php?target=${staff.id}`);
    const entries = page.json<{ entries: AuditEntry[] }>().entries;
    const byAction = (action: string) => entries.find((e) => e.action === action);
    expect(byAction('staff.add')).toMatchObject({
      staff: ownerLogin.email,
      network: 'amber',
      target_type: 'staff',
      target_id: staff.id,
      after: { email, role: 'moderator', network: 'amber' },
    });
    expect(byAction('staff.login')).toMatchObject({ staff: email, after: { with: 'totp' } });
    expect(byAction('staff.password_change')).toMatchObject({ staff: email });
    expect(byAction('staff.disable')).toMatchObject({
      staff: 'command line',
      before: { disabled: false },
      after: { disabled: true },
    });
    for (const entry of entries) expect(Date.parse(entry.at)).toBeGreaterThan(Date.now() - 10 * MINUTE);
    // Newest first.
    expect(entries.map((e) => e.at)).toEqual([...entries.map((e) => e.at)].sort().reverse());
  });

  it('pages with a keyset cursor, and filters by action, staff and day', async () => {
    const ownerLogin = await addDirectly(app, 'owner');
    const owner = await logIn(app, ownerLogin);
    for (let i = 0; i < 3; i++)
      await owner.send('POST', '/console/api/staff.php', {
        email: staffEmail('page'),
        role: 'host',
        network: 'curvy',
      });
    const all = (
      await owner.get(`/console/api/audit.php?staff=${encodeURIComponent(ownerLogin.email)}&action=staff.add`)
    ).json<{
      entries: AuditEntry[];
      next: string | null;
    }>();
    expect(all.entries).toHaveLength(3);
    expect(all.entries.every((e) => e.action === 'staff.add' && e.staff === ownerLogin.email)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const dayBefore = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    expect(
      (
        await owner.get(
          `/console/api/audit.php?staff=${encodeURIComponent(ownerLogin.email)}&from=${today}&to=${today}`,
        )
      ).json<{
        entries: unknown[];
      }>().entries.length,
    ).toBeGreaterThanOrEqual(3);
    expect(
      (
        await owner.get(
          `/console/api/audit.php?staff=${encodeURIComponent(ownerLogin.email)}&to=${dayBefore}`,
        )
      ).json<{
        entries: unknown[];
      }>().entries,
    ).toHaveLength(0);
    // Pages of the whole log do not overlap and end.
    const seen = new Set<string>();
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null && pages < 100) {
      const res = await owner.get(`/console/api/audit.php${cursor ? `?cursor=${cursor}` : ''}`);
      const body = res.json<{ entries: AuditEntry[]; next: string | null }>();
      for (const e of body.entries) {
        expect(seen.has(e.id)).toBe(false);
        seen.add(e.id);
      }
      cursor = body.next;
      pages += 1;
    }
    expect(cursor).toBeNull();
    expect((await owner.get('/console/api/audit.php?cursor=!!')).status).toBe(422);
  });

  it('exports as CSV (and the export is itself audited)', async () => {
    const ownerLogin = await addDirectly(app, 'owner');
    const owner = await logIn(app, ownerLogin);
    await owner.send('POST', '/console/api/staff.php', {
      email: staffEmail('csv'),
      role: 'support',
      network: 'amber',
    });
    const csv = await owner.get(
      `/console/api/audit.php?format=csv&staff=${encodeURIComponent(ownerLogin.email)}`,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('at,staff,action,network,target_type,target_id,before,after,ip');
    expect(lines.some((l) => l.includes(',staff.add,amber,staff,'))).toBe(true);
    // JSON states are quoted as CSV fields.
    expect(lines.some((l) => /"\{""email"":""csv\./.test(l))).toBe(true);
    const exported = (await owner.get('/console/api/audit.php?action=audit.export')).json<{
      entries: AuditEntry[];
    }>().entries;
    expect(exported.some((e) => e.staff === ownerLogin.email)).toBe(true);
  });

  it('redacts an erased member’s data, keeping who did what and when', async () => {
    const member = await app.make.member();
    const now = Date.now();
    await recordAudit(
      app.db,
      { id: 'st-test', email: 'reader@example.org', ip: '127.0.0.1' },
      {
        action: 'conversation.read',
        network: member.network,
        target: { type: 'conversation', id: 'c-of-member' },
        member: member.memberId,
        before: { name: 'Robin' },
        after: { read: true },
      },
      now,
    );
    await eraseMember(privacy, app.db, { network: member.network, memberId: member.memberId, now });
    const row = await app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('staff_id', '=', 'st-test')
      .where('created_at', '=', now)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      action: 'conversation.read',
      staff_email: 'reader@example.org',
      network_id: member.network,
      member_id: null,
      target_id: null,
      before: null,
      after: null,
    });
  });
});
