import { useEffect, type MouseEvent as ReactMouseEvent, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { $user, logout, refreshUser, saveLanguage } from '../../accounts/accounts.store.ts';
import type { User } from '../../accounts/accounts.schemas.ts';
import { useUser } from '../../accounts/components/use-user.ts';
import { isLocale } from '../../../i18n/locales.ts';
import { $likes, refreshLikes } from '../../likes/likes.store.ts';
import { refreshChats } from '../../chat/chat.store.ts';
import { startChatLive } from '../../chat/components/use-chat-live.ts';
import { startMessageToasts } from '../../chat/components/message-toasts.ts';
import { islandTranslator, type IslandMessages } from '../island-i18n.ts';
import { showAttention } from '../attention.ts';
import { readPushStatus } from '../push-state.ts';
import { $attention, $attentionTotal, $push } from '../shell.store.ts';
import { startRefreshLoop } from '../refresh-loop.ts';
import { $realtimeStatus, onRealtime, startRealtime } from '../realtime.store.ts';
import { toast } from '../toasts.ts';
import { reportTimeZone } from '../time-zone.ts';
import { Icon, type IconName } from './icons.tsx';
import { startInstalledApp } from '../../pwa/pwa.store.ts';
import { BackButton } from '../../pwa/components/BackButton.tsx';
import { useIslandData, type IslandData } from '../../../lib/island-json.ts';

export interface MemberNavLinks {
  members: string;
  chats: string;
  likes: string;
  /** Paid members: the repeat order of their last bundle. */
  repeatOrder: string;
  /** Free members: the credits page, where the balance badge leads. */
  credits: string;
  premium: string;
  profile: string;
  settings: string;
  logout: string;
}

export interface MemberNavProps {
  user: User;
  messages: IslandMessages;
  links: IslandData<MemberNavLinks>;
  /** The page's route (without locale prefix), to mark the current section. */
  routePath: string;
  /** The site's fictional label (icon and words) for a toast about a fictional profile's message. */
  fictional: string;
}

/**
 * The navigation's section of a route: its first segment, except that a conversation opened
 * from a profile (`/members/{id}/chat`) is among the messages, not the search.
 */
export function currentSection(routePath: string): string {
  if (/^\/members\/[^/]+\/chat\/?$/.test(routePath)) return '/chats';
  return `/${routePath.split('/')[1] ?? ''}`;
}

/** Spec §9: the unread badge caps at 99+. */
export function badgeCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** Spec §2: a credits badge at 10 or fewer; warning above 0, danger at 0. */
export function creditsBadge(credits: number): 'warning' | 'danger' | null {
  if (credits > 10) return null;
  return credits > 0 ? 'warning' : 'danger';
}

/**
 * The balance is always in sight; above 10 its badge is quiet, at 10 or fewer it takes the
 * spec's warning or danger style.
 */
export function balanceBadgeClass(credits: number): string {
  const style = creditsBadge(credits);
  return style ? `text-bg-${style}` : 'badge-balance';
}

/**
 * Spec §2 navigation for a member: search, messages (unread badge), likes (new-likes badge),
 * credits or Get Premium, and the account menu. It also runs the member's page life: the
 * refresh loop, the title prefix and app badge, logging out, and saving a language switch to
 * the account.
 */
export default function MemberNav({
  user: initialUser,
  messages,
  links: linksData,
  routePath,
  fictional,
}: MemberNavProps) {
  const t = islandTranslator(messages);
  const links = useIslandData(linksData);
  const user = useUser(initialUser);
  const { unreadMessages, newLikes } = useStore($attention);

  useEffect(() => reportTimeZone(initialUser.time_zone), []);

  useEffect(() => {
    const stopRealtime = startRealtime();
    const stopRealtimeListeners = [
      // The credits badge follows the ledger at once.
      onRealtime('credits', ({ balance }) => {
        const current = $user.get();
        if (current) $user.set({ ...current, credits: balance });
      }),
      onRealtime('like', () => void refreshLikes().catch(() => {})),
      onRealtime('match', () => void refreshLikes().catch(() => {})),
      onRealtime('user', () => void refreshUser().catch(() => {})),
    ];
    // The stream brings likes from its opening on, and the refresh loop rests while it is open:
    // the likes are fetched when it opens (unless the page brought them), and after every gap in
    // which events may have been lost, so the new-likes badge, the title and the app badge count
    // them all (the chats do the same, chat-live.ts).
    let streamOpened = false;
    const stopLikesOnOpen = $realtimeStatus.subscribe((status) => {
      if (status !== 'open') return;
      if (streamOpened || $likes.get() === null) void refreshLikes().catch(() => {});
      streamOpened = true;
    });
    const stopLoop = startRefreshLoop({
      // Spec §4: user, chats and likes refresh together; they keep the badges current. While
      // the event stream is open it brings the news, and polling would only repeat it.
      refresh: () =>
        $realtimeStatus.get() === 'open'
          ? Promise.resolve()
          : Promise.all([refreshUser(), refreshChats().catch(() => {}), refreshLikes().catch(() => {})]),
      pushSubscribed: () => $push.get().isSubscribed,
    });
    // Spec §4: with a push subscription the loop polls every 300 s instead of 60 s.
    void readPushStatus().catch(() => {});
    const stopAttention = $attentionTotal.subscribe(showAttention);
    // New messages move the unread badge, the title and the app badge on every member page.
    const stopChatLive = startChatLive();
    // A message for the member while they are elsewhere in the app: a toast leads to it.
    const stopMessageToasts = startMessageToasts({
      text: (name) => t('chat.toast_new', { name }),
      open: t('chat.toast_open'),
      closeLabel: t('toast.close'),
      chatPath: (conversation) => `${links.chats}/${encodeURIComponent(conversation)}`,
      fictional,
      routePath,
    });
    // The service worker (offline page, pushes) and the install offer, on member pages only.
    const stopApp = startInstalledApp({
      // Spec §4: chats and likes load when a push arrives (the badges and lists follow).
      onPush: () => {
        void refreshChats().catch(() => {});
        void refreshLikes().catch(() => {});
      },
    });
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return;
      const link =
        event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-locale]') : null;
      const locale = link?.dataset.locale;
      if (!link || !isLocale(locale)) return;
      // Spec §4: the choice is saved to the account too, so e-mails follow it.
      event.preventDefault();
      saveLanguage(locale)
        .catch(() => {})
        .finally(() => location.assign(link.href));
    };
    document.addEventListener('click', onClick);
    return () => {
      stopLoop();
      stopRealtime();
      for (const stop of stopRealtimeListeners) stop();
      stopLikesOnOpen();
      stopAttention();
      stopChatLive();
      stopMessageToasts();
      stopApp();
      document.removeEventListener('click', onClick);
    };
  }, []);

  const unreadBadge = (
    <CountBadge
      count={unreadMessages}
      className="badge-unread"
      label={t('membernav.unread', { count: unreadMessages })}
    />
  );
  const likesBadge = (
    <CountBadge
      count={newLikes}
      className="text-bg-primary"
      label={t('membernav.new_likes', { count: newLikes })}
    />
  );
  const creditsLeftBadge = (
    <NavBadge
      className={`${balanceBadgeClass(user.credits)} nav-balance`}
      label={t('membernav.credits_left', { count: user.credits })}
    >
      {user.credits}
    </NavBadge>
  );
  // Search, messages, likes, then credits for paid members or Get Premium for the others;
  // a free member's balance (signup credits, what is left) is in sight too, as a compact item.
  const sections: readonly NavSection[] = [
    { path: '/members', href: links.members, icon: 'search', label: t('membernav.search') },
    { path: '/chats', href: links.chats, icon: 'chat', label: t('membernav.messages'), badge: unreadBadge },
    { path: '/likes', href: links.likes, icon: 'heart', label: t('membernav.likes'), badge: likesBadge },
    user.paid_user
      ? {
          path: '/credits',
          href: links.repeatOrder,
          icon: 'coins',
          label: t('membernav.credits'),
          badge: creditsLeftBadge,
        }
      : { path: '/premium', href: links.premium, icon: 'star', label: t('membernav.premium') },
    ...(user.paid_user
      ? []
      : [
          {
            path: '/credits',
            href: links.credits,
            icon: 'coins' as const,
            label: t('membernav.credits'),
            labelHidden: true,
            badge: creditsLeftBadge,
          },
        ]),
  ];

  return (
    <>
      <BackButton routePath={routePath} label={t('pwa.back')} />
      <ul className="member-nav nav col-12 col-xl-auto order-last order-xl-0 justify-content-around">
        {sections.map(({ path, href, icon, label, labelHidden, badge }) => (
          <li className="nav-item" key={path}>
            <a
              className="nav-link"
              href={href}
              aria-current={currentSection(routePath) === path ? 'page' : undefined}
              data-section={path.slice(1)}
            >
              <Icon name={icon} />
              <span>
                <span className={labelHidden ? 'visually-hidden' : 'nav-label'}>{label}</span>
                {badge}
              </span>
            </a>
          </li>
        ))}
      </ul>
      <AccountMenu user={user} links={links} t={t} />
    </>
  );
}

/** A section of the navigation: where it leads, and the badge its label carries, if any. */
interface NavSection {
  /** The section's route, as `currentSection` names it. */
  path: string;
  href: string;
  icon: IconName;
  label: string;
  /** Said to screen readers only: the badge is the item (a free member's balance). */
  labelHidden?: boolean;
  badge?: ReactNode;
}

/** A nav item's count of new things, nothing while there are none. */
function CountBadge({ count, className, label }: { count: number; className: string; label: string }) {
  if (count <= 0) return null;
  return (
    <NavBadge className={className} label={label}>
      {badgeCount(count)}
    </NavBadge>
  );
}

/** A badge after a nav item's label; screen readers hear what its number counts. */
function NavBadge({ className, label, children }: { className: string; label: string; children: ReactNode }) {
  return (
    <span className={`badge nav-badge ${className}`}>
      {children}
      <span className="visually-hidden"> {label}</span>
    </span>
  );
}

function AccountMenu({
  user,
  links,
  t,
}: {
  user: User;
  links: MemberNavLinks;
  t: ReturnType<typeof islandTranslator>;
}) {
  useEffect(() => {
    // A <details> menu works without script; with it, Escape and a click elsewhere close it.
    const menu = document.querySelector<HTMLDetailsElement>('details.account-menu');
    if (!menu) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && menu.open) {
        menu.open = false;
        menu.querySelector('summary')?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (menu.open && event.target instanceof Node && !menu.contains(event.target)) menu.open = false;
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, []);

  const onLogout = (event: ReactMouseEvent) => {
    event.preventDefault();
    logout().catch(() => toast(t('error.try_later'), { closeLabel: t('toast.close') }));
  };

  return (
    <details className="account-menu dropdown">
      <summary className="btn btn-sm btn-outline-secondary d-inline-flex align-items-center gap-2">
        {user.profile.main_image ? (
          <img
            className="avatar avatar-sm"
            src={user.profile.main_image.thumb_filename}
            alt=""
            width={32}
            height={32}
          />
        ) : (
          <Icon name="user" />
        )}
        {/* On a phone the photo alone, so the logo, the menu and the language switcher keep one
            row whatever the name; screen readers still hear it. */}
        <span className="account-menu-name visually-hidden-phone">{user.profile.name}</span>
        <span className="visually-hidden">{t('membernav.account')}</span>
      </summary>
      <ul className="dropdown-menu dropdown-menu-end show">
        <li>
          <a className="dropdown-item" href={links.profile}>
            {t('membernav.profile')}
          </a>
        </li>
        <li>
          <a className="dropdown-item" href={links.settings}>
            {t('membernav.settings')}
          </a>
        </li>
        <li>
          <hr className="dropdown-divider" />
        </li>
        <li>
          <a className="dropdown-item" href={links.logout} onClick={onLogout}>
            {t('membernav.logout')}
          </a>
        </li>
      </ul>
    </details>
  );
}

/*
 * The server HTML shows of the member the balance, whether premium, the photo and the name
 * (src/server/island-html.ts): the name and the photo's address stand in as texts, the rest of
 * the member is left out of the key. `MemberNav.test.tsx` holds the kept HTML to the render's.
 */
MemberNav.serverHtmlIgnores = [
  'user.id',
  'user.email',
  'user.status',
  'user.signup_date',
  'user.fictional_icon',
  'user.language',
  'user.notifications_disabled',
  'user.invisible',
  'user.private',
  'user.public_profile',
  'user.time_zone',
  'user.dismissed',
  'user.profile.id',
  'user.profile.country',
  'user.profile.status',
  'user.profile.main_image.filename',
  'user.profile.main_image.match',
] as readonly string[];
MemberNav.serverHtmlTexts = [
  'user.profile.name',
  'user.profile.main_image.thumb_filename',
] as readonly string[];
