import { accountsPrivacy } from '../features/accounts/accounts.privacy.ts';
import { chatPrivacy } from '../features/chat/chat.privacy.ts';
import { hostInboxPrivacy } from '../features/host-inbox/host-inbox.privacy.ts';
import { complaintsPrivacy } from '../features/complaints/complaints.privacy.ts';
import { discoveryPrivacy } from '../features/discovery/discovery.privacy.ts';
import { likesPrivacy } from '../features/likes/likes.privacy.ts';
import { notificationMailPrivacy } from '../features/notification-mail/notification-mail.privacy.ts';
import { notificationsPrivacy } from '../features/notifications/notifications.privacy.ts';
import { pageBehavioursPrivacy } from '../features/page-behaviours/page-behaviours.privacy.ts';
import { directDebitPrivacy } from '../features/payments/payments.directdebit.privacy.ts';
import { paymentsPrivacy } from '../features/payments/payments.privacy.ts';
import { photosPrivacy } from '../features/photos/photos.privacy.ts';
import { pushPrivacy } from '../features/push/push.privacy.ts';
import {
  memberProfileId,
  profilesPrivacy,
  textReviewsPrivacy,
} from '../features/profiles/profiles.privacy.ts';
import { sanctionsPrivacy } from '../features/sanctions/sanctions.privacy.ts';
import { reportsPrivacy } from '../features/reports/reports.privacy.ts';
import { securityPrivacy } from '../features/security/security.privacy.ts';
import { swipePrivacy } from '../features/swipe/swipe.privacy.ts';
import { trackingPrivacy } from '../features/tracking/tracking.privacy.ts';
import { auditPrivacy } from '../server/audit/audit.privacy.ts';
import type { PrivacyRegistry } from '../server/privacy.ts';
import { realtimePrivacy } from '../server/realtime/realtime.privacy.ts';

/**
 * Every owner of member data. A feature that adds a table with member data adds its hook here
 * (privacy.list.test.ts fails until it does). Erasure runs them in this order, the account last.
 */
export const privacy: PrivacyRegistry = {
  hooks: [
    photosPrivacy,
    likesPrivacy,
    swipePrivacy,
    textReviewsPrivacy,
    profilesPrivacy,
    chatPrivacy,
    hostInboxPrivacy,
    realtimePrivacy,
    notificationsPrivacy,
    notificationMailPrivacy,
    pushPrivacy,
    discoveryPrivacy,
    pageBehavioursPrivacy,
    trackingPrivacy,
    complaintsPrivacy,
    sanctionsPrivacy,
    reportsPrivacy,
    paymentsPrivacy,
    directDebitPrivacy,
    securityPrivacy,
    auditPrivacy,
    accountsPrivacy,
  ],
  profileOf: memberProfileId,
  documentOrder: [
    'account',
    'profile',
    'photos',
    'interests',
    'text_reviews',
    'notification_preferences',
    'notification_mail_waiting',
    'notification_mail_about_you',
    'notification_mails_sent',
    'search_filters',
    'traffic_source',
    'likes_given',
    'likes_received',
    'likes_announced',
    'likes_today',
    'swipes',
    'blocks',
    'conversations',
    'messages_sent',
    'chat_photos',
    'operator_replies',
    'operator_questions_marked',
    'orders',
    'payment_reversals',
    'order_refunds',
    'credit_ledger',
    'credit_adjustments',
    'discount_redemptions',
    'payment_customers',
    'directdebit_mandates',
    'directdebit_codes',
    'complaints',
    'moderation_decisions',
    'moderation_appeals',
    'browsers_used',
    'reports',
    'page_events',
    'realtime_events',
    'sessions',
    'push_subscriptions',
    'push_notifications',
    'emailed_links',
    'authentication_log',
    'console_actions',
  ],
};
