import { staffEndpoint } from '../../../features/staff/staff.context.ts';
import { staffError } from '../../../features/staff/staff.errors.ts';
import { addStaffInputSchema, staffChangeInputSchema } from '../../../features/staff/staff.schemas.ts';
import { addStaff, disableStaffFromConsole, listStaff } from '../../../features/staff/staff.service.ts';
import { ALL_NETWORKS } from '../../../features/staff/staff.roles.ts';
import { staffActor } from '../../../features/staff/staff.actor.ts';

/** `GET /console/api/staff.php` (add_staff): the staff of the networks the caller may add staff to. */
export const GET = staffEndpoint({
  staff: 'add_staff',
  handle: async ({ ctx, locals }) => ({ staff: await listStaff(ctx, locals.staff!) }),
});

/**
 * `POST /console/api/staff.php { email, role, network? }` (add_staff in that network; every
 * network for an owner without one): a new account answers its one-time password and TOTP
 * secret once. Audited.
 */
export const POST = staffEndpoint({
  staff: 'add_staff',
  body: addStaffInputSchema,
  async handle({ ctx, locals, input }) {
    const staff = locals.staff!;
    const network = input.network ?? (input.role === 'owner' ? ALL_NETWORKS : undefined);
    // Every network only for one who holds every network.
    const allowed =
      network === ALL_NETWORKS
        ? staff.networksFor('add_staff') === 'all'
        : network === undefined || staff.can('add_staff', network);
    if (!allowed) throw staffError('forbidden');
    const added = await addStaff(ctx, { ...input, network }, staffActor(locals));
    return {
      staff: {
        id: added.id,
        email: added.email,
        role: added.role,
        network: added.network,
        ...(added.password && {
          password: added.password,
          totp_secret: added.totpSecret,
          otpauth_uri: added.otpauthUri,
        }),
      },
    };
  },
});

/**
 * `PUT /console/api/staff.php { id, disabled: true }` (add_staff in every network the staff
 * member holds): no more logins, every session of theirs ends. Audited.
 */
export const PUT = staffEndpoint({
  staff: 'add_staff',
  body: staffChangeInputSchema,
  async handle({ ctx, locals, input }) {
    await disableStaffFromConsole(ctx, locals.staff!, input.id, staffActor(locals));
    return { ok: true };
  },
});
