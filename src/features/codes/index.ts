/*
 * The console's codes: discount codes (credits' tables), invite codes and mailings. Accounts asks
 * it whether a signup's invite code is good.
 */
export { findInvite, takeInvite } from './codes.invites.ts';
