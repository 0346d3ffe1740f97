import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  /** Asked to close (Escape, backdrop, the close button); ignored while `locked`. */
  onClose: () => void;
  /** While true nothing closes the modal (spec §2: not while signup is in progress). */
  locked?: boolean;
  /** The close button's accessible name. */
  closeLabel: string;
  size?: 'sm' | 'lg';
  /** Where focus goes on opening; default: the first field or button of the body. */
  initialFocus?: () => HTMLElement | null | undefined;
  /** Between the title and the close button (e.g. a step indicator). */
  header?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Keep the content (and what was typed into it) while closed, to show it again as it was. */
  keepMounted?: boolean;
}

/**
 * Written whole rather than built as `modal-${size}`: a lander's stylesheet keeps every class of a
 * built prefix (scripts/build/lander-styles.ts), which would be every `modal-*` rule.
 */
const SIZE_CLASS = { sm: 'modal-sm', lg: 'modal-lg' } as const;

const FOCUSABLE =
  'input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/**
 * A Bootstrap modal (the classes both theme entries carry) with what a dialog needs: the rest
 * of the page is inert while it is open (focus and screen readers stay inside), Escape and the
 * backdrop close it unless locked, and focus returns to where it was when it closes.
 */
export function Modal({
  open,
  title,
  onClose,
  locked = false,
  closeLabel,
  size,
  initialFocus,
  header,
  footer,
  children,
  className,
  keepMounted = false,
}: ModalProps) {
  const titleId = useId();
  // Portals cannot be hydrated: the modal appears only once the island runs in the browser.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const dialogRef = useRef<HTMLDivElement>(null);
  const lockedRef = useRef(locked);
  lockedRef.current = locked;
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open || !mounted) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = dialogRef.current?.closest('[data-modal-root]');
    // Everything else on the page becomes inert: the focus trap browsers enforce themselves.
    const made: Element[] = [];
    for (const sibling of Array.from(document.body.children)) {
      if (sibling === root || sibling.hasAttribute('inert') || sibling.tagName === 'SCRIPT') continue;
      sibling.setAttribute('inert', '');
      made.push(sibling);
    }
    const scrollOwner = document.documentElement;
    const overflow = scrollOwner.style.overflow;
    scrollOwner.style.overflow = 'hidden';
    const target =
      initialFocus?.() ??
      dialogRef.current?.querySelector<HTMLElement>(`.modal-body :is(${FOCUSABLE})`) ??
      dialogRef.current;
    target?.focus();

    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      if (!lockedRef.current) onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      for (const element of made) element.removeAttribute('inert');
      scrollOwner.style.overflow = overflow;
      if (returnTo?.isConnected) returnTo.focus();
    };
    // Focus moves only when the modal opens, not on every render while it is open.
  }, [open, mounted]);

  if (!mounted || (!open && !keepMounted)) return null;
  const sizeClass = size ? SIZE_CLASS[size] : '';
  return createPortal(
    <div data-modal-root="" hidden={!open}>
      <div
        className={`modal d-block ${className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={locked || undefined}
        onMouseDown={(event) => {
          // The backdrop is the modal's own area outside the dialog box.
          if (event.target === event.currentTarget && !lockedRef.current) onClose();
        }}
      >
        <div
          className={`modal-dialog modal-dialog-centered modal-fullscreen-sm-down ${sizeClass}`}
          ref={dialogRef}
          tabIndex={-1}
        >
          <div className="modal-content">
            <div className="modal-header">
              <h2 className="modal-title h5" id={titleId}>
                {title}
              </h2>
              {header}
              <button
                type="button"
                className="btn-close"
                aria-label={closeLabel}
                onClick={onClose}
                disabled={locked}
              />
            </div>
            <div className="modal-body">{children}</div>
            {footer && <div className="modal-footer">{footer}</div>}
          </div>
        </div>
      </div>
      <div className="modal-backdrop show" />
    </div>,
    document.body,
  );
}
