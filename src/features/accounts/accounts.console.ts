import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Platform } from '../../server/platform.ts';
import { serviceContext } from '../../server/context.ts';
import { DomainError } from '../../server/errors.ts';
import { fallbackLocale, siteOrigin } from '../../server/request.ts';
import type { Site } from '../../tenancy/site.ts';
import {
  emailTaken,
  findMemberByProfile,
  searchMembersIn,
  sessionsOfMember,
  setEmail,
  type SupportMemberRow,
} from './accounts.console.repository.ts';
import { isUniqueViolation } from './accounts.repository.ts';
import { endSessions, memberLocale, send, type AccountsContext } from './accounts.service-support.ts';
import { resendActivationOf } from './accounts.signup.service.ts';
import { argon2Passwords } from './passwords.ts';

/*
 * What the console's member support does with accounts (docs/console.md): find members, read
 * their sessions, end them, send the activation again, and change the e-mail address (the
 * member is told at the old one). Callers check the staff member's network and write the audit.
 */

export const SEARCH_LIMIT = 25;

/** The accounts context of a member's site for a console action (links and mails of that site). */
export function consoleAccountsContext(platform: Platform, site: Site, ip: string): AccountsContext {
  return {
    ...serviceContext({ platform, site }),
    passwords: argon2Passwords,
    secret: platform.secret,
    request: {
      ip,
      userAgent: null,
      locale: fallbackLocale(site),
      country: site.defaultCountry,
      countryKnown: false,
      siteOrigin: siteOrigin(site, platform.env.PUBLIC_SCHEME, platform.env.PUBLIC_PORT),
    },
  };
}

export type SupportMember = SupportMemberRow;

export function findSupportMembers(
  db: Platform['db'],
  networks: readonly string[] | 'all',
  term: string,
): Promise<SupportMember[]> {
  return searchMembersIn(db, networks, term.trim(), SEARCH_LIMIT);
}

export function supportMember(db: Platform['db'], profileId: string): Promise<SupportMember | undefined> {
  return findMemberByProfile(db, profileId);
}

/** A browser and system read from a user agent, for people: never the whole string. */
export function deviceSummary(userAgent: string | null): string {
  if (!userAgent) return 'unknown';
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'other browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'other system';
  return `${browser} on ${system}`;
}

export interface SupportSession {
  site: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  device: string;
}

export async function supportSessions(
  db: Platform['db'],
  network: string,
  memberId: string,
  now: number,
): Promise<SupportSession[]> {
  const rows = await sessionsOfMember(db, network, memberId, now);
  return rows.map((row) => ({
    site: row.site_id,
    created_at: Number(row.created_at),
    last_seen_at: Number(row.last_seen_at),
    expires_at: Number(row.expires_at),
    device: deviceSummary(row.user_agent),
  }));
}

/** Every session of the member ends, and the event streams they opened with them. */
export function endMemberSessions(ctx: AccountsContext, memberId: string): Promise<void> {
  return endSessions(ctx, { memberId });
}

/** The activation e-mail again (within the day's limit); false when the member is confirmed already. */
export function resendMemberActivation(ctx: AccountsContext, member: SupportMember): Promise<boolean> {
  return resendActivationOf(ctx, member);
}

function emailRefused(code: 'email_taken' | 'email_unchanged'): DomainError {
  return new DomainError('validation', { status: 422, message: 'api.validation', fields: { email: code } });
}

/**
 * A new e-mail address for the member, unique in the network, written with the caller's audit
 * entry in one transaction; the old address is told afterwards.
 */
export async function changeMemberEmail(
  ctx: AccountsContext,
  member: SupportMember,
  email: string,
  audit: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  const next = email.trim().toLowerCase();
  if (next === member.email) throw emailRefused('email_unchanged');
  if (await emailTaken(ctx.db, ctx.network, next, member.id)) throw emailRefused('email_taken');
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await setEmail(trx, ctx.network, member.id, next);
      await audit(trx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailRefused('email_taken');
    throw error;
  }
  await send(ctx, memberLocale(ctx.site, member.language), member.email, {
    kind: 'email_change_notice',
    name: member.name,
    newEmail: next,
  });
}
