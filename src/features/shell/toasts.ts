/**
 * Short notices in a corner of the screen (spec §9: at most 350 px wide), for the outcome of
 * an action that has no place of its own on the page: a switch that did not save, a failed
 * logout. Plain DOM, so any island can raise one without a shared React tree.
 */
export type ToastVariant = 'danger' | 'success' | 'info';

export interface ToastOptions {
  variant?: ToastVariant;
  /** The dismiss button's accessible name, in the page's language. */
  closeLabel?: string;
  /** Errors stay longer than confirmations; hovering or focusing a toast keeps it. */
  durationMs?: number;
  /** A way on, under the message (a new message's conversation). */
  link?: { href: string; label: string } | undefined;
  /** A short line before the message, e.g. a fictional profile's label, which is never left out. */
  note?: string | undefined;
}

const REGION_CLASS = 'kindred-toasts';

function region(): HTMLElement {
  const existing = document.querySelector<HTMLElement>(`.${REGION_CLASS}`);
  if (existing) return existing;
  const created = document.createElement('div');
  created.className = REGION_CLASS;
  created.setAttribute('aria-live', 'polite');
  document.body.append(created);
  return created;
}

export function toast(message: string, options: ToastOptions = {}): void {
  if (typeof document === 'undefined') return;
  const {
    variant = 'danger',
    closeLabel = '×',
    durationMs = variant === 'danger' ? 10_000 : 5_000,
  } = options;
  const container = region();
  const item = document.createElement('div');
  item.className = `kindred-toast is-${variant}`;
  if (variant === 'danger') item.setAttribute('role', 'alert');
  const text = document.createElement('div');
  if (options.note) {
    const note = document.createElement('span');
    note.className = 'badge badge-fictional d-block mb-1 text-start text-wrap';
    note.textContent = options.note;
    text.append(note);
  }
  text.append(document.createTextNode(message));
  if (options.link) {
    const link = document.createElement('a');
    link.href = options.link.href;
    link.className = 'd-block fw-semibold mt-1';
    link.textContent = options.link.label;
    text.append(link);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'btn-close';
  close.setAttribute('aria-label', closeLabel);
  item.append(text, close);

  let timer: ReturnType<typeof setTimeout> | undefined;
  const remove = () => {
    clearTimeout(timer);
    item.remove();
  };
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(remove, durationMs);
  };
  close.addEventListener('click', remove);
  item.addEventListener('pointerenter', () => clearTimeout(timer));
  item.addEventListener('pointerleave', arm);
  item.addEventListener('focusin', () => clearTimeout(timer));
  item.addEventListener('focusout', arm);
  // Added a frame after the live region exists, so screen readers announce the first toast too.
  requestAnimationFrame(() => {
    container.append(item);
    arm();
  });
}
