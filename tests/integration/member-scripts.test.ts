import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberPages } from '../support/member-routes.ts';
import { SERVER_ENTRY } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import { demoMemberWithOther, type Visitor } from './accounts-helpers.ts';

/*
 * Islands are small (ARCHITECTURE.md): a member page ships the validation library (zod, some 93 KB
 * before compression) only where a form of the page checks its fields in the browser before it
 * sends them. Islands that need a schema module's lists or limits (the report reasons, the search's
 * ages, the profile's choices, the notification categories) take them from the feature's
 * `*.constants.ts`, which imports no schema; a schema module imported by an island brings zod to
 * every page the island is on.
 *
 * The scripts a page loads as it opens are followed from its HTML (islands, their renderers,
 * module scripts) through every static import of each file, as the browser does; a file loaded
 * later on demand (`import()`) is not counted.
 */

/** Pages whose forms validate in the browser with the same schemas as the server. */
const VALIDATING_PAGES = new Set([
  // e-mail, password and account deletion (src/features/accounts/components/account-forms.ts)
  'settings',
]);

/** A zod build names its own error class; nothing else the browser gets does. */
const ZOD = /\bZodError\b/;

const app = useServer({ seedSize: 40 });
let member: Visitor;
let other = '';

beforeAll(async () => {
  ({ member, other } = await demoMemberWithOther(app));
});

const scriptBodies = new Map<string, string>();
async function script(path: string): Promise<string> {
  const known = scriptBodies.get(path);
  if (known !== undefined) return known;
  const response = await member.get(path);
  expect(response.status, path).toBe(200);
  scriptBodies.set(path, response.body);
  return response.body;
}

/** Every script file the page at `path` loads as it opens, by its path. */
async function scriptsOf(path: string): Promise<Map<string, string>> {
  const page = await member.get(path);
  expect(page.status, path).toBe(200);
  const roots = [
    ...page.body.matchAll(/\b(?:component-url|renderer-url|before-hydration-url)="([^"]+\.js)"/g),
    ...page.body.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/g),
  ].map((match) => match[1]!);
  const loaded = new Map<string, string>();
  const queue = [...new Set(roots)];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (loaded.has(file)) continue;
    const body = await script(file);
    loaded.set(file, body);
    // Static imports as Vite writes them: `import{a as b}from"./x.js"` and `import"./x.js"`.
    for (const match of body.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g))
      queue.push(new URL(match[1]!, `http://x${file}`).pathname);
  }
  return loaded;
}

describe('the scripts a member page loads as it opens', () => {
  it('a page is found to load its islands (the walk sees them)', async () => {
    const scripts = await scriptsOf('/members');
    expect([...scripts.keys()].some((file) => /\/MemberSearch\.[^/]+\.js$/.test(file))).toBe(true);
    expect([...(await scriptsOf('/settings')).values()].some((body) => ZOD.test(body))).toBe(true);
  });

  it('only the pages that validate in the browser load zod', async () => {
    const shipping: string[] = [];
    for (const route of memberPages(other)) {
      const scripts = await scriptsOf(route.path);
      const zod = [...scripts].filter(([, body]) => ZOD.test(body)).map(([file]) => file);
      if (zod.length > 0 && !VALIDATING_PAGES.has(route.name))
        shipping.push(`${route.path}: ${zod.join(', ')}`);
    }
    expect(shipping).toEqual([]);
  });
});

/**
 * The browser files of the build that check fields with the shared schemas: the account forms
 * (login, signup, password reset, the settings' e-mail, password and deletion forms, the
 * reactivation) and the landers' signup modal, built whole as one standalone file.
 */
const VALIDATING_FILES =
  /^(account-forms|ChangeEmailForm|ChangePasswordForm|DeleteAccount|LoginForm|PasswordField|Reactivate|ResetPasswordForm|ResetRequestForm|SignupForm|standalone)[.-]/;

describe('the scripts of the build', () => {
  it('only the forms that validate in the browser reach zod, on member pages and in the console', () => {
    const assets = join(dirname(SERVER_ENTRY), '..', 'client', '_astro');
    const files = readdirSync(assets).filter((name) => name.endsWith('.js'));
    const bodies = new Map(files.map((name) => [name, readFileSync(join(assets, name), 'utf8')]));
    const imports = (body: string) =>
      [...body.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)].map((match) => match[1]!);
    /** Whether `name`, or a file it imports however far down, is zod. */
    const reaches = (name: string): boolean => {
      const seen = new Set<string>();
      const queue = [name];
      while (queue.length > 0) {
        const file = queue.shift()!;
        if (seen.has(file)) continue;
        seen.add(file);
        const body = bodies.get(file) ?? '';
        if (ZOD.test(body)) return true;
        queue.push(...imports(body));
      }
      return false;
    };
    expect(
      files.some((name) => reaches(name)),
      'the walk finds zod at all',
    ).toBe(true);
    expect(files.filter((name) => reaches(name) && !VALIDATING_FILES.test(name))).toEqual([]);
  });
});
