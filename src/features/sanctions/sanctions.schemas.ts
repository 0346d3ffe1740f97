import { z } from 'zod';

/*
 * The sanctions' inputs and answers: the console's decisions, appeals and transparency counts,
 * and the member's appeal (API.md "Safety and moderation"). Browser-safe: the console's islands
 * and the appeal form type their calls with it.
 */

export const SANCTION_KINDS = ['warn', 'suspend', 'ban'] as const;
export type SanctionKind = (typeof SANCTION_KINDS)[number];
/** Every kind a decision can be: a sanction, its lift, or a decision on content or a report. */
export type DecisionKind = SanctionKind | 'lift' | 'reject' | 'dismiss';
export const GROUND_TYPES = ['illegal', 'terms'] as const;
export type GroundType = (typeof GROUND_TYPES)[number];

const text = (max: number) => z.string().trim().min(1).max(max);

/** `POST /console/api/sanctions.php`. */
export const sanctionInputSchema = z
  .object({
    network: text(100),
    /** The member's profile id (public), or their account id. */
    member: text(40),
    kind: z.enum(SANCTION_KINDS),
    /** ISO date or date-time; required for `suspend`, in the future. */
    until: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
    facts: text(5000),
    ground_type: z.enum(GROUND_TYPES),
    /** The legal ground (illegal content) or the clause of the terms. */
    ground: text(500),
    /** The reports the decision answers (their ids). */
    reports: z.array(text(40)).max(50).optional(),
  })
  .refine((v) => v.kind !== 'suspend' || v.until !== undefined, { path: ['until'], message: 'required' });
export type SanctionInput = z.output<typeof sanctionInputSchema>;

/** `GET /console/api/sanctions.php?network&member`. */
export const decisionsQuerySchema = z.object({
  network: z.string().max(100).optional(),
  member: z.string().max(40).optional(),
});

/** `POST /console/api/appeals.php { id, outcome }`. */
export const appealDecisionInputSchema = z.object({
  id: text(40),
  outcome: z.enum(['uphold', 'reverse']),
});

/** `POST /api/appeal.php { token, text }`. */
export const appealInputSchema = z.object({
  token: z.string().min(1).max(200),
  text: text(5000),
});

/** `GET /console/api/transparency.php?network&from&to&format`. */
export const transparencyQuerySchema = z.object({
  network: z.string().max(100).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  format: z.enum(['json', 'csv']).optional(),
});

/** A decision as the console lists it. */
export interface Decision {
  id: string;
  network: string;
  site: string;
  member: string | null;
  subject_type: string;
  kind: DecisionKind;
  until: string | null;
  scope: string;
  facts: string;
  ground_type: GroundType;
  ground: string;
  automated: boolean;
  reports: string[];
  decided_by: string;
  decided_at: string;
  lifted_at: string | null;
  reversed_by_appeal: string | null;
  dsa_status: string;
}

/** An appeal in the queue. */
export interface Appeal {
  id: string;
  network: string;
  appellant: 'member' | 'reporter';
  text: string;
  submitted_at: string;
  status: 'open' | 'decided';
  outcome: 'uphold' | 'reverse' | null;
  decision: Decision;
}

/** One site's DSA counts for a period. */
export interface TransparencyRow {
  site: string;
  network: string;
  /** Reports filed about the site's members in the period (a merged repeat counts once). */
  reports: number;
  decisions: number;
  median_hours_to_decision: number | null;
  average_hours_to_decision: number | null;
  appeals: number;
  reversals: number;
}

declare module '../../lib/api-client.ts' {
  interface ApiRoutes {
    'POST /api/appeal.php': { body: z.input<typeof appealInputSchema>; answer: { appeal: { id: string } } };
    'GET /console/api/sanctions.php': { body: undefined; answer: { decisions: Decision[] } };
    'POST /console/api/sanctions.php': {
      body: z.input<typeof sanctionInputSchema>;
      answer: { decision: Decision };
    };
    'GET /console/api/appeals.php': { body: undefined; answer: { appeals: Appeal[] } };
    'POST /console/api/appeals.php': {
      body: z.input<typeof appealDecisionInputSchema>;
      answer: { appeal: { id: string; outcome: string }; lift: string | null };
    };
    'GET /console/api/transparency.php': {
      body: undefined;
      answer: { from: string; to: string; sites: TransparencyRow[] };
    };
  }
}
