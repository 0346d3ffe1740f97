import type { Locale } from '../../i18n/locales.ts';
import type { UserStatus } from './accounts.schemas.ts';

/**
 * The member a request is made by, as the middleware puts it in `locals.member`: what other
 * features need to decide on a request, without another query. Never sent to the browser
 * (`GET /api/user.php` answers the `User` shape of accounts.schemas.ts).
 */
export interface SessionMember {
  /** The account's id. */
  id: string;
  /** The public profile id (likes, chats and cards refer to profiles). */
  profileId: string;
  /** The id of the session row (the SHA-256 of the cookie's token), to end just this one. */
  sessionId: string;
  /**
   * When the session runs out unless it is used again (epoch ms, after any renewal this request
   * made): an event stream ends then.
   */
  sessionExpiresAt: number;
  /** `not_confirmed` until the e-mail address is confirmed: messages must not reach others yet. */
  status: UserStatus;
  /** The account's language: e-mails go out in it. */
  language: Locale;
  paidUser: boolean;
  /** Hidden from search, messages and likes. */
  invisible: boolean;
  /** Visible only to profiles the member liked or messaged. */
  private: boolean;
  /** Epoch milliseconds of the signup. */
  createdAt: number;
  /** IANA time zone for the member's days (daily limits); UTC until the browser reports one. */
  timeZone: string;
  /** The profile's country: prices per country (a message's minimum price) follow it. */
  country: string;
  /**
   * The balance as the session's read found it: a call that cannot pay may be refused before
   * it writes (a chat send). Only a hint: what is spent is decided under the member's held row.
   */
  credits: number;
  /**
   * Who the member is and whom they seek, and their birthdate (YYYY-MM-DD): the search's default
   * filters and the swipe deck's two-way fit follow them, without another query.
   */
  gender: 'male' | 'female';
  seeking: 'male' | 'female' | 'both';
  birthdate: string;
  /** The profile's region and city (the match finder's place), null where not given. */
  region: string | null;
  city: string | null;
  /** The member's kept search filters as stored (JSON, read by the discovery feature), or null. */
  keptFilters: string | null;
}
