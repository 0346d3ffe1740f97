import { useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { FormAlert, SubmitButton } from '../../shell/components/Field.tsx';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { requestErrorMessage } from '../../shell/form.ts';
import { useForm } from '../../shell/use-form.ts';
import { logsInFromLink } from './account-forms.ts';

export interface ReactivateProps {
  messages: IslandMessages;
  token: string;
  links: { after: string; login: string };
}

/**
 * The reactivation link of a deleted account (`/account-deleted?token=…`): one button brings
 * the account back as it was, within 14 days of the deletion.
 */
export default function Reactivate({ messages, token, links }: ReactivateProps) {
  const t = islandTranslator(messages);
  const [linkInvalid, setLinkInvalid] = useState(false);
  const [done, setDone] = useState(false);
  const form = useForm({
    failureMessage: (error) => requestErrorMessage(error, t),
    read: () => ({ token }),
    // Sending the same token twice reactivates once: safe to retry after a network failure.
    send: (body) => api('POST /api/reactivate.php', body, { idempotent: true }),
    ...logsInFromLink({
      after: links.after,
      onDone: () => setDone(true),
      onLinkInvalid: () => setLinkInvalid(true),
      // A token that is no token at all is a broken link too.
      invalidCodes: ['link_invalid', 'validation'],
    }),
  });

  if (linkInvalid) {
    return (
      <FormAlert variant="danger">
        <p>{t('accounts.error.link_invalid')}</p>
        <p className="mb-0">{t('deleted.expired_hint')}</p>
      </FormAlert>
    );
  }

  return (
    <form {...form.props}>
      <FormAlert message={form.error} />
      {done && <FormAlert variant="success" message={t('deleted.reactivated')} />}
      <SubmitButton
        busy={form.busy || done}
        busyLabel={t('deleted.reactivating')}
        className="btn btn-primary btn-lg"
      >
        {t('deleted.reactivate')}
      </SubmitButton>
    </form>
  );
}
