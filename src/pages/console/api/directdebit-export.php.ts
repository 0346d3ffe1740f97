import { supportEndpoint } from '../../../features/support/support.context.ts';
import { directDebitExportSchema } from '../../../features/support/support.schemas.ts';
import { directDebitFile } from '../../../features/support/support.service.ts';

/**
 * `POST /console/api/directdebit-export.php { site, from, to, collection, again? }` (refund in
 * the site's network): the SEPA pain.008.001.02 file of the site's paid direct debits ordered
 * from `from` to `to` (UTC days), to be collected on `collection`, as a download. Debits go out
 * once: a later export leaves them out unless `again`. 409 `nothing_to_export`,
 * `creditor_missing` (the tenant file names no creditor); 422 `fields.collection` for a date not
 * after today. Audited (`directdebit.export`).
 */
export const POST = supportEndpoint({
  staff: 'refund',
  body: directDebitExportSchema,
  async handle({ ctx, input }) {
    const file = await directDebitFile(ctx, input);
    return new Response(file.xml, {
      headers: {
        'content-type': 'application/xml; charset=utf-8',
        'content-disposition': `attachment; filename="${file.filename}"`,
        'x-debits': String(file.transactions),
      },
    });
  },
});
