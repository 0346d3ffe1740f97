/**
 * The signup modal as one file of its own (React included), which the inline loader (loader.ts)
 * adds to the page on the first interaction that asks for signup. It links the modal's
 * stylesheet, then mounts the modal into the loader's element with the props the server wrote
 * beside it; the modal then tells the loader it listens.
 */
import { createRoot } from 'react-dom/client';
import SignupModal, { type SignupModalProps } from '../components/SignupModal.tsx';
import { SIGNUP_PROPS_ID, SIGNUP_ROOT_ID } from './signup-ids.ts';

/**
 * On a lander, the stylesheet is the page's cut sheet with the modal's rules added: it goes right
 * after the page's sheet (the first style element), so that its rules take the places the whole
 * lean entry gives them, still before the brand's. Elsewhere it goes last, as the modal's extras.
 */
function linkStylesheet(href: string | null, afterTheme: boolean): Promise<void> {
  if (!href) return Promise.resolve();
  return new Promise((settle) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    // Unstyled beats never: the modal opens even when its few extra styles fail to load.
    link.onload = link.onerror = () => settle();
    const theme = afterTheme ? document.head.querySelector('style') : null;
    if (theme) theme.after(link);
    else document.head.append(link);
  });
}

const root = document.getElementById(SIGNUP_ROOT_ID);
const props = document.getElementById(SIGNUP_PROPS_ID)?.textContent;
if (root && props && !root.hasChildNodes()) {
  void linkStylesheet(root.getAttribute('data-css'), root.hasAttribute('data-css-after-theme')).then(() => {
    createRoot(root).render(<SignupModal {...(JSON.parse(props) as SignupModalProps)} />);
  });
}
