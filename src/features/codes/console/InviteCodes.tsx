import { Field } from '../../shell/components/Field.tsx';
import { islandTranslator } from '../../shell/island-i18n.ts';
import { api } from '../../staff/components/console-client.ts';
import type { InviteView } from '../codes.schemas.ts';
import {
  CODE_LIST_MESSAGES,
  CodesPage,
  CodeTable,
  MaxUsesField,
  SiteSelect,
  useCodeList,
  usesOf,
  type CodesIslandProps,
} from './CodeList.tsx';

export const INVITE_CODES_MESSAGES = [
  ...CODE_LIST_MESSAGES,
  'console.invites.nav',
  'console.invites.code',
  'console.invites.max_uses',
  'console.invites.uses',
  'console.invites.valid_until',
  'console.invites.create',
  'console.invites.empty',
] as const;

/** The network's invite codes with their uses and expiry, and the form that adds one. */
export default function InviteCodes({ messages, networks }: CodesIslandProps) {
  const t = islandTranslator(messages);
  const codes = useCodeList(
    networks,
    async (network) => (await api('GET /console/api/invites.php', undefined, { query: { network } })).invites,
    t,
  );
  const { network, fields, busy } = codes;
  const send = (body: Record<string, string>, done?: () => void) =>
    codes.act(() => api('POST /console/api/invites.php', { ...body, network } as never), done);

  return (
    <CodesPage
      id="invites"
      t={t}
      networks={networks}
      codes={codes}
      create={(data, emptyForm) => send({ ...data, action: 'create' }, emptyForm)}
      validUntil={t('console.invites.valid_until')}
      submit={t('console.invites.create')}
      list={
        <CodeTable<InviteView>
          t={t}
          label={t('console.invites.nav')}
          rows={codes.list}
          empty={t('console.invites.empty')}
          busy={busy}
          onDisable={(invite) => void send({ action: 'disable', id: invite.id })}
          columns={[
            { header: t('console.invites.code'), cell: (i) => <code>{i.code}</code> },
            {
              header: t('console.codes.site'),
              cell: (i) => (i.site ? codes.siteName(i.site) : t('console.codes.every_site')),
            },
            { header: t('console.invites.uses'), cell: (i) => usesOf(i.uses, i.max_uses) },
            { header: t('console.invites.valid_until'), cell: (i) => i.valid_until?.slice(0, 10) ?? '' },
          ]}
        />
      }
      fields={
        <>
          <Field name="code" label={t('console.invites.code')} error={fields.code} required />
          <SiteSelect id="invites-site" t={t} sites={codes.sites} />
          <MaxUsesField label={t('console.invites.max_uses')} error={fields.max_uses} />
        </>
      }
    />
  );
}
