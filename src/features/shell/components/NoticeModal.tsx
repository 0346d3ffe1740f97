import type { ReactNode } from 'react';
import { Modal } from './Modal.tsx';

export interface NoticeModalProps<Notice> {
  /** What the modal announces; it is open while this is not null. */
  notice: Notice | null;
  title: ReactNode;
  /** Asked to close (Escape, the backdrop, the close button or the "later" button). */
  onClose: () => void;
  /** The close button's accessible name. */
  closeLabel: string;
  className: string;
  /** The test id of the announcement's box. */
  testId: string;
  /** The announcement itself, above the way on. */
  children: (notice: Notice) => ReactNode;
  /** The way on: a primary link. */
  action: (notice: Notice) => { href: string; label: ReactNode };
  /** The words of the button that closes it for now. */
  later: ReactNode;
}

/**
 * A small centred modal that announces one thing (a match, a time bonus) and offers a way on,
 * a primary link, above a button that closes it for now.
 */
export function NoticeModal<Notice>({
  notice,
  title,
  onClose,
  closeLabel,
  className,
  testId,
  children,
  action,
  later,
}: NoticeModalProps<Notice>) {
  const next = notice === null ? null : action(notice);
  return (
    <Modal
      open={notice !== null}
      title={title}
      onClose={onClose}
      closeLabel={closeLabel}
      size="sm"
      className={className}
    >
      {notice !== null && next && (
        <div className="text-center" data-testid={testId}>
          {children(notice)}
          <div className="d-grid gap-2">
            <a className="btn btn-primary" href={next.href}>
              {next.label}
            </a>
            <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
              {later}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
