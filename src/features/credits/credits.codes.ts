import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { newId } from '../../db/ids.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordAudit, type AuditActor } from '../../server/audit/audit.ts';
import { DomainError, platformError } from '../../server/errors.ts';
import type { StaffPrincipal } from '../../server/staff.ts';
import { newSingleUseCode, TIME_BONUS_CODE, WELCOME_CODE } from './credits.discounts.ts';
import {
  batchesOf,
  builtinCodesOf,
  disableBatch,
  insertCodes,
  type NewCode,
} from './credits.codes.repository.ts';
import type { Site } from '../../tenancy/site.ts';

/*
 * Discount codes made in the console (docs/console.md "Codes"): a batch is one typed multi-use
 * code or N generated single-use ones. Single-use codes are never typed: a personal offer is
 * safe only when nobody can name it, so they come from `newSingleUseCode` (80 random bits) and
 * are answered once, for the operator to download. Codes belong to one network (and may be kept
 * to one site of it); the member-side lookup and the order only find a network's own.
 */

/** What the console's code calls need: the database, the clock, who acts and where sites belong. */
export interface ConsoleCodesContext {
  db: Kysely<Database>;
  clock: Clock;
  staff: StaffPrincipal;
  actor: AuditActor;
  /** The network of a site served here, or undefined for an unknown one. */
  siteNetwork(siteId: string): string | undefined;
}

export const MANAGE_CODES = 'manage_codes';

/** The input of a new batch (checked by the console's schema). */
export interface DiscountBatchInput {
  network: string;
  site?: string;
  percentage: number;
  minimum?: number;
  currency?: string;
  country?: string;
  valid_from?: string;
  valid_until?: string;
  kind: 'single' | 'multi';
  /** single: how many codes. */
  count?: number;
  /** multi: the typed code, upper case. */
  code?: string;
  max_uses?: number;
}

/** Where a code holds and what it asks of an order: the same for console batches and built-in codes. */
interface DiscountCodeTerms {
  site: string | null;
  minimum: number | null;
  currency: string | null;
  country: string | null;
  valid_from: string | null;
  valid_until: string | null;
  max_uses: number | null;
}

export interface DiscountBatch extends DiscountCodeTerms {
  id: string;
  kind: 'single' | 'multi';
  /** The typed code of a multi-use batch; null for generated ones (shown only once). */
  code: string | null;
  percentage: number;
  codes: number;
  uses: number;
  active: boolean;
  created_at: string;
}

/** A code the network has without the console (read only there): built in, seeded or configured. */
export interface BuiltinCode extends DiscountCodeTerms {
  id: string;
  code: string;
  /** Whether every network has it (the welcome discount, the time bonus, the demo's codes). */
  every_network: boolean;
  /** The percentages it gives on the network's sites (the built-in ones follow each site's prices). */
  percentages: number[];
  /** Redemptions in this network. */
  uses: number;
  active: boolean;
}

/** Refuses a network the staff member may not manage codes in (403), and a site not in it (404). */
export function checkCodesScope(
  ctx: Pick<ConsoleCodesContext, 'staff' | 'siteNetwork'>,
  network: string,
  site?: string,
) {
  if (!ctx.staff.can(MANAGE_CODES, network)) throw platformError('forbidden');
  if (site !== undefined && ctx.siteNetwork(site) !== network) throw platformError('not_found');
}

/** A moment of the console's forms in epoch ms: a bare day is its start (UTC). */
export function momentMs(value: string | undefined): number | null {
  return value === undefined ? null : Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
}

const iso = (ms: number | string | bigint | null) =>
  ms === null ? null : new Date(Number(ms)).toISOString();

/** A number as the driver gives it (PostgreSQL's bigint is a string). */
type DbNumber = number | string | bigint;

/** What a code asks of an order and how long it holds, from its row (or its batch's). */
function codeTerms(row: {
  minimum_amount: DbNumber | null;
  currency: string | null;
  country: string | null;
  starts_at: DbNumber | null;
  expires_at: DbNumber | null;
  max_uses: DbNumber | null;
}): Omit<DiscountCodeTerms, 'site'> {
  return {
    minimum: row.minimum_amount === null ? null : Number(row.minimum_amount),
    currency: row.currency,
    country: row.country,
    valid_from: iso(row.starts_at),
    valid_until: iso(row.expires_at),
    max_uses: row.max_uses === null ? null : Number(row.max_uses),
  };
}

function fieldError(field: string, code = 'invalid') {
  return platformError('validation', { fields: { [field]: code } });
}

/**
 * Makes a batch: N single-use codes, or one typed multi-use code (409 `code_exists` when the
 * network has it already, or it is a built-in code's name). The generated codes are in the
 * answer only: the list shows counts.
 */
export async function createDiscountBatch(ctx: ConsoleCodesContext, input: DiscountBatchInput) {
  checkCodesScope(ctx, input.network, input.site);
  const startsAt = momentMs(input.valid_from);
  const expiresAt = momentMs(input.valid_until);
  if (startsAt !== null && expiresAt !== null && expiresAt <= startsAt) throw fieldError('valid_until');
  const now = ctx.clock.now();
  const batchId = newId();
  const texts =
    input.kind === 'single'
      ? Array.from({ length: input.count ?? 1 }, () => newSingleUseCode())
      : [input.code!.toUpperCase()];
  if (input.kind === 'multi' && [WELCOME_CODE, TIME_BONUS_CODE].includes(texts[0]!)) throw codeExists();
  const rows: NewCode[] = texts.map((code) => ({
    id: newId(),
    code,
    network_id: input.network,
    site_id: input.site ?? null,
    percentage: input.percentage,
    minimum_amount: input.minimum ?? null,
    currency: input.minimum === undefined ? null : (input.currency ?? null),
    country: input.country ?? null,
    validity: input.kind === 'single' ? 'single_use' : 'once_per_user',
    starts_at: startsAt,
    expires_at: expiresAt,
    max_uses: input.kind === 'multi' ? (input.max_uses ?? null) : null,
    batch_id: batchId,
    created_by: ctx.staff.id,
    created_at: now,
  }));
  await ctx.db.transaction().execute(async (trx) => {
    // Generated codes do not collide (80 bits); a typed one may already be the network's.
    if (!(await insertCodes(trx, rows))) throw codeExists();
    await recordAudit(
      trx,
      ctx.actor,
      {
        action: 'codes.discount_create',
        network: input.network,
        target: { type: 'discount_batch', id: batchId },
        after: {
          kind: input.kind,
          code: input.kind === 'multi' ? texts[0] : null,
          count: texts.length,
          site: input.site ?? null,
          percentage: input.percentage,
          minimum: input.minimum ?? null,
          currency: rows[0]!.currency,
          country: input.country ?? null,
          valid_from: iso(startsAt),
          valid_until: iso(expiresAt),
          max_uses: rows[0]!.max_uses,
        },
      },
      now,
    );
  });
  const batch = (await discountBatches(ctx, input.network)).find((b) => b.id === batchId)!;
  return { batch, codes: input.kind === 'single' ? texts : [] };
}

function codeExists() {
  return new DomainError('code_exists', { status: 409, message: 'console.codes.exists' });
}

/** The network's batches, newest first (the last 500), with their uses. */
export async function discountBatches(
  ctx: Pick<ConsoleCodesContext, 'db' | 'staff' | 'siteNetwork'>,
  network: string,
): Promise<DiscountBatch[]> {
  checkCodesScope(ctx, network);
  const rows = await batchesOf(ctx.db, network, 500);
  return rows.map((r) => ({
    id: r.batch_id!,
    kind: r.validity === 'single_use' ? 'single' : 'multi',
    code: r.validity === 'single_use' ? null : r.code,
    site: r.site_id,
    percentage: Number(r.percentage),
    ...codeTerms(r),
    codes: Number(r.codes),
    uses: Number(r.uses),
    active: Number(r.active) === 1,
    created_at: iso(r.created_at)!,
  }));
}

/**
 * The codes the network has without the console, with their uses in it: the welcome discount and
 * the time bonus (their percentages are those of the network's sites), the demo's codes and a
 * tenant's `delete_discount`. Listed so the operator sees every code a member may type.
 */
export async function builtinCodes(
  ctx: Pick<ConsoleCodesContext, 'db' | 'staff' | 'siteNetwork'>,
  network: string,
  sites: readonly Pick<Site, 'prices'>[],
): Promise<BuiltinCode[]> {
  checkCodesScope(ctx, network);
  const rows = await builtinCodesOf(ctx.db, network, 500);
  const bySite = (pick: (site: Pick<Site, 'prices'>) => number) =>
    [...new Set(sites.map(pick))].sort((a, b) => a - b);
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    every_network: r.network_id === null,
    site: r.site_id,
    percentages:
      r.code === WELCOME_CODE
        ? bySite((s) => s.prices.welcomeDiscountPercentage)
        : r.code === TIME_BONUS_CODE
          ? bySite((s) => s.prices.timeBonusPercentage)
          : [Number(r.percentage)],
    ...codeTerms(r),
    uses: Number(r.uses),
    active: Number(r.active) === 1,
  }));
}

/** Switches a batch off: its codes are unknown to members from now on; orders placed keep them. */
export async function disableDiscountBatch(ctx: ConsoleCodesContext, network: string, batchId: string) {
  checkCodesScope(ctx, network);
  const now = ctx.clock.now();
  const disabled = await ctx.db.transaction().execute(async (trx) => {
    const n = await disableBatch(trx, network, batchId);
    if (n === 0) throw platformError('not_found');
    await recordAudit(
      trx,
      ctx.actor,
      { action: 'codes.discount_disable', network, target: { type: 'discount_batch', id: batchId } },
      now,
    );
    return n;
  });
  return { disabled };
}
