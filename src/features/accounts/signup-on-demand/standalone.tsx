/**
 * The signup modal as one file of its own (React included), which the inline loader (loader.ts)
 * adds to the page on the first interaction that asks for signup. It links the modal's
 * stylesheet, then mounts the modal into the loader's element with the props the server wrote
 * beside it; the modal then tells the loader it listens.
 */
import { createRoot } from 'react-dom/client';
import SignupModal, { type SignupModalProps } from '../components/SignupModal.tsx';
import { SIGNUP_PROPS_ID, SIGNUP_ROOT_ID } from './signup-ids.ts';

function linkStylesheet(href: string | null): Promise<void> {
  if (!href) return Promise.resolve();
  return new Promise((settle) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    // Unstyled beats never: the modal opens even when its few extra styles fail to load.
    link.onload = link.onerror = () => settle();
    document.head.append(link);
  });
}

const root = document.getElementById(SIGNUP_ROOT_ID);
const props = document.getElementById(SIGNUP_PROPS_ID)?.textContent;
if (root && props && !root.hasChildNodes()) {
  void linkStylesheet(root.getAttribute('data-css')).then(() => {
    createRoot(root).render(<SignupModal {...(JSON.parse(props) as SignupModalProps)} />);
  });
}
