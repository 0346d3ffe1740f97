/**
 * Opens the site-entry warning unless it was dismissed before or the page runs as an installed
 * app; confirming remembers the dismissal. Escape does not close it: the visitor must choose.
 */
const DISMISSED_KEY = 'entry-warning-dismissed';

function dismissedBefore(): boolean {
  try {
    return Boolean(localStorage.getItem(DISMISSED_KEY)) || matchMedia('(display-mode: standalone)').matches;
  } catch {
    return false;
  }
}

const warning = document.getElementById('entry-warning') as HTMLDialogElement | null;
if (!dismissedBefore() && warning && warning.showModal) {
  warning.addEventListener('cancel', (event) => event.preventDefault());
  warning.querySelector('[data-entry-confirm]')!.addEventListener('click', () => {
    try {
      localStorage.setItem(DISMISSED_KEY, String(Date.now()));
    } catch {
      // Private mode: the warning comes again next time.
    }
    warning.close();
  });
  warning.showModal();
}
