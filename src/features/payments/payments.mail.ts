import { translator } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { MailMessage } from '../../server/adapters/mailer.ts';
import { composeMail } from '../../server/mail/index.ts';
import type { Site } from '../../tenancy/site.ts';
import { formatMoney } from '../pages/index.ts';
import { paymentMethodName } from './payments.methods.ts';
import { ratePercent, vatIncluded, vatRateBp } from './payments.vat.ts';

/** What a receipt lists: the order as paid, and who paid it. */
export interface Receipt {
  to: string;
  name: string | undefined;
  locale: Locale;
  country: string;
  orderId: string;
  credits: number;
  amount: number;
  currency: string;
  method: string;
  paidAt: number;
  orderUrl: string;
}

/**
 * The receipt e-mail in the member's language: bundle, price, the VAT inside the price at the
 * member's country's rate (none shown where no rate is known), the method, the order number and
 * the return policy.
 */
export function receiptMail(site: Site, receipt: Receipt): MailMessage {
  const t = translator(receipt.locale);
  const money = (amount: number) => formatMoney(amount, receipt.currency, receipt.locale);
  const rate = vatRateBp(receipt.country);
  const date = new Intl.DateTimeFormat(receipt.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    receipt.paidAt,
  );
  const paragraphs = [
    t('payments.receipt.intro', { site: site.name }),
    t('payments.receipt.bundle', { credits: receipt.credits }),
    t('payments.receipt.price', { amount: money(receipt.amount) }),
    ...(rate === undefined
      ? []
      : [
          t('payments.receipt.vat', {
            rate: ratePercent(rate),
            amount: money(vatIncluded(receipt.amount, rate)),
          }),
        ]),
    t('payments.receipt.method', { method: paymentMethodName(receipt.method, t), date }),
    t('payments.receipt.order', { id: receipt.orderId }),
  ];
  return composeMail(t, site, receipt.to, {
    subject: t('payments.receipt.subject', { site: site.name, credits: receipt.credits }),
    name: receipt.name,
    paragraphs,
    link: { url: receipt.orderUrl, label: t('payments.receipt.button') },
    notes: [t('payments.receipt.returns', { days: site.refundDays })],
  });
}
