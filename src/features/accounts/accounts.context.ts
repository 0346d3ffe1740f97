import type { APIContext } from 'astro';
import { featureEndpoint } from '../../server/endpoint.ts';
import { serviceContext } from '../../server/context.ts';
import { siteOrigin } from '../../server/request.ts';
import type { AccountsContext } from './accounts.service.ts';
import { accountFieldMessage } from './accounts.errors.ts';
import { argon2Passwords } from './passwords.ts';
import { browserIdOf } from './browser-cookie.ts';

/** The accounts rules' context for a request: the service context, passwords, and where it came from. */
export function accountsContext(context: Pick<APIContext, 'locals' | 'request'>): AccountsContext {
  const { locals, request } = context;
  const { platform } = locals;
  return {
    ...serviceContext(locals),
    passwords: argon2Passwords,
    secret: platform.secret,
    request: {
      ip: locals.clientIp,
      userAgent: request.headers.get('user-agent'),
      locale: locals.locale,
      country: locals.country,
      countryKnown: locals.countryKnown,
      // Links in e-mails outlive the request: always the configured scheme and canonical domain,
      // never the X-Forwarded-Proto of the request that asked for them.
      siteOrigin: siteOrigin(locals.site, platform.env.PUBLIC_SCHEME, platform.env.PUBLIC_PORT),
      browser: browserIdOf(request.headers.get('cookie'), locals.scheme),
    },
  };
}

/** The endpoint kit for accounts calls: `ctx` is the accounts context, field codes in accounts' words. */
export const accountsEndpoint = featureEndpoint({
  context: accountsContext,
  fieldMessage: accountFieldMessage,
});
