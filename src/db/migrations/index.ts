import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_initial.ts';
import * as m0003 from './0003_page_events.ts';
import * as m0004 from './0004_accounts.ts';
import * as m0005 from './0005_retention.ts';
import * as m0006 from './0006_job_leases.ts';
import * as m0007 from './0007_push_endpoint_per_network.ts';
import * as m0008 from './0008_photo_files.ts';
import * as m0009 from './0009_member_preferences.ts';
import * as m0010 from './0010_photo_variants.ts';
import * as m0012 from './0012_search.ts';
import * as m0013 from './0013_profile_listing.ts';
import * as m0014 from './0014_test_payments.ts';
import * as m0015 from './0015_builtin_discounts.ts';
import * as m0016 from './0016_direct_debit.ts';
import * as m0017 from './0017_chat_held_messages.ts';
import * as m0018 from './0018_test_refunds.ts';
import * as m0019 from './0019_payment_customers.ts';
import * as m0020 from './0020_likes_pages.ts';
import * as m0021 from './0021_events_unindexed_time.ts';
import * as m0022 from './0022_ledger_member_unindexed_time.ts';
import * as m0023 from './0023_like_limits.ts';
import * as m0024 from './0024_profile_interests_by_profile.ts';
import * as m0025 from './0025_first_purchase_discount.ts';
import * as m0026 from './0026_payment_reversals.ts';
import * as m0027 from './0027_order_provider_checks.ts';
import * as m0028 from './0028_console.ts';
import * as m0029 from './0029_notification_mail.ts';
import * as m0030 from './0030_push_outbox.ts';
import * as m0031 from './0031_reports.ts';
import * as m0032 from './0032_sanctions.ts';
import * as m0033 from './0033_content_moderation.ts';
import * as m0034 from './0034_host_inbox.ts';
import * as m0035 from './0035_console_payments.ts';
import * as m0036 from './0036_statistics.ts';
import * as m0038 from './0038_console_codes.ts';
import * as m0039 from './0039_row_level_security.ts';
import * as m0041 from './0041_directdebit_collections.ts';
import * as m0042 from './0042_reversals_per_return.ts';
import * as m0043 from './0043_members_by_site.ts';
import * as m0044 from './0044_weekly_look.ts';
import * as m0045 from './0045_members_by_activity.ts';

/**
 * Every migration, in order. Listed by hand because the server is bundled: there is no
 * migrations folder to scan at run time. Names sort in the order they must run; a new one
 * is appended here and never renamed or edited once released.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0003_page_events': m0003,
  '0004_accounts': m0004,
  '0005_retention': m0005,
  '0006_job_leases': m0006,
  '0007_push_endpoint_per_network': m0007,
  '0008_photo_files': m0008,
  '0009_member_preferences': m0009,
  '0010_photo_variants': m0010,
  '0012_search': m0012,
  '0013_profile_listing': m0013,
  '0014_test_payments': m0014,
  '0015_builtin_discounts': m0015,
  '0016_direct_debit': m0016,
  '0017_chat_held_messages': m0017,
  '0018_test_refunds': m0018,
  '0019_payment_customers': m0019,
  '0020_likes_pages': m0020,
  '0021_events_unindexed_time': m0021,
  '0022_ledger_member_unindexed_time': m0022,
  '0023_like_limits': m0023,
  '0024_profile_interests_by_profile': m0024,
  '0025_first_purchase_discount': m0025,
  '0026_payment_reversals': m0026,
  '0027_order_provider_checks': m0027,
  '0028_console': m0028,
  '0029_notification_mail': m0029,
  '0030_push_outbox': m0030,
  '0031_reports': m0031,
  '0032_sanctions': m0032,
  '0033_content_moderation': m0033,
  '0034_host_inbox': m0034,
  '0035_console_payments': m0035,
  '0036_statistics': m0036,
  '0038_console_codes': m0038,
  '0039_row_level_security': m0039,
  '0041_directdebit_collections': m0041,
  '0042_reversals_per_return': m0042,
  '0043_members_by_site': m0043,
  '0044_weekly_look': m0044,
  '0045_members_by_activity': m0045,
};
