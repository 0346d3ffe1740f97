/*
 * What the rest of the server uses of the console's staff: the pipeline step, and the staff
 * rules for the command line (scripts/staff.ts) and the demo start.
 */
export { guardConsolePage, loadStaff } from './staff.middleware.ts';
export {
  addStaff,
  CLI_ACTOR,
  currentTotpCode,
  disableStaff,
  listStaff,
  staffSessionEnd,
  staffStreamKey,
  type CreatedStaff,
  type StaffContext,
} from './staff.service.ts';
export { STAFF_ROLES, PERMISSIONS, type StaffRole, type Permission } from './staff.roles.ts';
export { staffActor } from './staff.actor.ts';
export { staffFieldMessage } from './staff.context.ts';
