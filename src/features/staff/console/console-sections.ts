import type { MessageKey } from '../../../i18n/index.ts';
import type { Permission } from '../staff.roles.ts';

/**
 * The sidebar's groups, in the order staff work: what needs a decision first, then the hosts'
 * inbox, support, the figures, and the console itself.
 */
export const CONSOLE_GROUPS = [
  'overview',
  'moderation',
  'hosts',
  'support',
  'marketing',
  'insights',
  'administration',
] as const;

export interface ConsoleSection {
  /** The section's name in the sidebar's markup (`active`). */
  key: string;
  /** Its first page; every console page below this path belongs to the section. */
  href: string;
  /** The sidebar's link, and the heading of a page that names no other. */
  label: MessageKey;
  /** The heading of the section's pages where the link's word alone says too little. */
  heading?: MessageKey;
  /** What a staff member must hold to see the link and open the section's pages (none: any staff member). */
  permission?: Permission;
  group: (typeof CONSOLE_GROUPS)[number];
}

/**
 * The console's sections, in the sidebar's order. The sidebar shows a section's link exactly
 * when the pipeline's console step lets the staff member into its pages: both read this one
 * list, so a page and its link cannot disagree on who may open it.
 */
export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  { key: 'dashboard', href: '/console', label: 'console.nav.dashboard', group: 'overview' },
  {
    key: 'reports',
    href: '/console/reports',
    label: 'console.nav.reports',
    heading: 'console.reports.title',
    permission: 'moderate',
    group: 'moderation',
  },
  {
    key: 'photos',
    href: '/console/photos',
    label: 'console.nav.photos',
    heading: 'console.photos.title',
    permission: 'moderate',
    group: 'moderation',
  },
  {
    key: 'texts',
    href: '/console/texts',
    label: 'console.nav.texts',
    heading: 'console.texts.title',
    permission: 'moderate',
    group: 'moderation',
  },
  {
    key: 'sanctions',
    href: '/console/sanctions',
    label: 'console.nav.sanctions',
    permission: 'moderate',
    group: 'moderation',
  },
  {
    key: 'appeals',
    href: '/console/appeals',
    label: 'console.nav.appeals',
    permission: 'moderate',
    group: 'moderation',
  },
  {
    key: 'transparency',
    href: '/console/transparency',
    label: 'console.nav.transparency',
    permission: 'moderate',
    group: 'moderation',
  },
  {
    key: 'inbox',
    href: '/console/inbox',
    label: 'console.nav.inbox',
    permission: 'read_conversations',
    group: 'hosts',
  },
  {
    key: 'profiles',
    href: '/console/profiles',
    label: 'console.nav.profiles',
    permission: 'create_profiles',
    group: 'hosts',
  },
  {
    key: 'members',
    href: '/console/members',
    label: 'console.nav.members',
    permission: 'adjust_credits',
    group: 'support',
  },
  {
    key: 'orders',
    href: '/console/orders',
    label: 'console.nav.orders',
    permission: 'refund',
    group: 'support',
  },
  {
    key: 'codes',
    href: '/console/codes',
    label: 'console.codes.nav',
    permission: 'manage_codes',
    group: 'marketing',
  },
  {
    key: 'mailings',
    href: '/console/mailings',
    label: 'console.mailings.nav',
    permission: 'manage_codes',
    group: 'marketing',
  },
  {
    key: 'invites',
    href: '/console/invites',
    label: 'console.invites.nav',
    permission: 'manage_codes',
    group: 'marketing',
  },
  {
    key: 'statistics',
    href: '/console/statistics',
    label: 'console.nav.statistics',
    permission: 'view_statistics',
    group: 'insights',
  },
  {
    key: 'audit',
    href: '/console/audit',
    label: 'console.nav.audit',
    permission: 'view_audit_log',
    group: 'administration',
  },
  { key: 'sites', href: '/console/sites', label: 'console.nav.sites', group: 'administration' },
  {
    key: 'staff',
    href: '/console/staff',
    label: 'console.nav.staff',
    permission: 'add_staff',
    group: 'administration',
  },
];

/**
 * The section of a console route (Astro's pattern of the page, `/console/orders/[id]`): the one
 * whose first page it is or lies below (`/console` is only itself).
 */
export function sectionOf(routePattern: string): ConsoleSection | undefined {
  return CONSOLE_SECTIONS.find(
    (section) =>
      routePattern === section.href ||
      (section.href !== '/console' && routePattern.startsWith(`${section.href}/`)),
  );
}

/** The heading of a page of `section` that names none of its own. */
export function sectionHeading(section: ConsoleSection): MessageKey {
  return section.heading ?? section.label;
}

/**
 * Whether the console step guards a route (Astro's pattern of the matched page, decoded and
 * free of how the address was written): every console page but the login, which is open to
 * visitors. The API and the media guard each call themselves (the endpoint kit's staff guard);
 * an address without a page is answered 404.
 */
export function guardsConsoleRoute(routePattern: string): boolean {
  if (routePattern !== '/console' && !routePattern.startsWith('/console/')) return false;
  return !(
    routePattern === '/console/login' ||
    routePattern.startsWith('/console/api/') ||
    routePattern.startsWith('/console/media/')
  );
}
