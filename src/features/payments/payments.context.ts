import { generalFieldMessage } from '../../i18n/field-messages.ts';
import type { APIContext } from 'astro';
import { isMessageKey } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { serviceContext, type ServiceContext } from '../../server/context.ts';
import { featureEndpoint, type FieldMessage } from '../../server/endpoint.ts';
import { siteOrigin } from '../../server/request.ts';

/** What the payment rules need beyond the service context: where the site lives and who asks. */
export interface PaymentsContext extends ServiceContext {
  /** The site's canonical origin: provider redirects and webhooks outlive the request. */
  siteOrigin: string;
  /** The request's language (the provider's checkout speaks it). */
  locale: Locale;
  /** The visitor's country, for a member whose profile names none. */
  requestCountry: string;
  /** The client's address (limits count per address: SMS codes). */
  requestIp: string;
}

export function paymentsContext(context: Pick<APIContext, 'locals'>): PaymentsContext {
  const { locals } = context;
  const { env } = locals.platform;
  return {
    ...serviceContext(locals),
    siteOrigin: siteOrigin(locals.site, env.PUBLIC_SCHEME, env.PUBLIC_PORT),
    locale: locals.locale,
    requestCountry: locals.country,
    requestIp: locals.clientIp,
  };
}

/** Payment field codes read as `payments.field.<code>`; others as the general "check this field". */
const paymentsFieldMessage: FieldMessage = (t, code) => {
  const key = `payments.field.${code}`;
  return isMessageKey(key) ? t(key) : generalFieldMessage(t, code);
};

/** The endpoint kit for payment calls: `ctx` is the payments context, field codes in payments' words. */
export const paymentsEndpoint = featureEndpoint({
  context: paymentsContext,
  fieldMessage: paymentsFieldMessage,
});
