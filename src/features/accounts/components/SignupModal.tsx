import { useEffect, useState } from 'react';
import { Modal } from '../../shell/components/Modal.tsx';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import {
  SIGNUP_READY_ATTRIBUTE,
  SIGNUP_READY_EVENT,
  SIGNUP_REQUEST_EVENT,
  type SignupRequest,
} from '../signup-on-demand/trigger.ts';
import SignupForm from './SignupForm.tsx';
import type { SignupSettings } from '../signup-settings.ts';

export interface SignupModalProps {
  settings: SignupSettings;
  messages: IslandMessages;
}

/**
 * Spec §2: the signup modal of the Default and Empty layouts and of landers, opened by every
 * signup link on the page and by `openSignup()`. While the account is being created it cannot
 * be closed (no Escape, no backdrop, no close button). Closing keeps what was typed.
 */
export default function SignupModal({ settings, messages }: SignupModalProps) {
  const t = islandTranslator(messages);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [invite, setInvite] = useState<string>();

  useEffect(() => {
    const show = (request: SignupRequest | undefined) => {
      if (request?.invite) setInvite(request.invite);
      setOpen(true);
    };
    const onRequest = (event: Event) => show((event as CustomEvent<SignupRequest | undefined>).detail);
    document.addEventListener(SIGNUP_REQUEST_EVENT, onRequest);
    // From now on the loader hands requests straight here, and replays one made while loading.
    document.documentElement.setAttribute(SIGNUP_READY_ATTRIBUTE, '');
    document.dispatchEvent(new Event(SIGNUP_READY_EVENT));
    return () => {
      document.removeEventListener(SIGNUP_REQUEST_EVENT, onRequest);
      document.documentElement.removeAttribute(SIGNUP_READY_ATTRIBUTE);
    };
  }, []);

  return (
    <Modal
      open={open}
      locked={busy}
      onClose={() => setOpen(false)}
      title={t('signup.title')}
      closeLabel={t('signup.close')}
      keepMounted
      className="signup-modal"
    >
      <SignupForm settings={settings} messages={messages} onBusyChange={setBusy} invite={invite} />
    </Modal>
  );
}
