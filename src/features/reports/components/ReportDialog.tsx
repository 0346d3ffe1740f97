import { useId, useState, type SubmitEvent } from 'react';
import { api } from '../../../lib/api-client.ts';
import { CheckField } from '../../shell/components/CheckField.tsx';
import { Modal } from '../../shell/components/Modal.tsx';
import { requestErrorMessage } from '../../shell/form.ts';
import type { IslandTranslate } from '../../shell/island-i18n.ts';
import { toast } from '../../shell/toasts.ts';
import { REPORT_REASONS, REPORT_TEXT_MAX, type ReportReason } from '../reports.constants.ts';

export interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  profile: { id: string; name: string };
  /** The reported message, when a message is reported. */
  message?: string | undefined;
  /** After a report with "also block": the island hides what it shows of the profile. */
  onBlocked?: () => void;
  t: IslandTranslate;
}

/**
 * The report form: a reason (required), the member's own words (optional), and whether to block
 * the profile too. Sent, it closes with a toast; a refusal (the daily limit, say) stays in the
 * dialog in the server's words.
 */
export function ReportDialog({ open, onClose, profile, message, onBlocked, t }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [text, setText] = useState('');
  const [block, setBlock] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const id = useId();
  const name = { name: profile.name };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!reason) {
      setError(t('reports.pick_reason'));
      return;
    }
    setSending(true);
    setError('');
    try {
      await api('POST /api/report.php', {
        profile: profile.id,
        reason,
        ...(text.trim() && { text: text.trim() }),
        ...(message && { message }),
        ...(block && { block: true }),
      });
      toast(t('reports.sent', name), { variant: 'success', closeLabel: t('toast.close') });
      setReason('');
      setText('');
      setBlock(false);
      onClose();
      if (block) onBlocked?.();
    } catch (failure) {
      setError(requestErrorMessage(failure, t));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(message ? 'reports.title_message' : 'reports.title', name)}
      onClose={onClose}
      locked={sending}
      closeLabel={t('toast.close')}
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose} disabled={sending}>
            {t('reports.cancel')}
          </button>
          <button
            type="submit"
            form={`${id}-form`}
            className="btn btn-danger"
            disabled={sending}
            data-action="send-report"
          >
            {t('reports.send')}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className="mb-3">
          <legend className="form-label fs-6 fw-semibold">{t('reports.reason')}</legend>
          {REPORT_REASONS.map((value) => (
            <CheckField
              key={value}
              type="radio"
              name="reason"
              id={`${id}-${value}`}
              value={value}
              checked={reason === value}
              onChange={() => {
                setReason(value);
                setError('');
              }}
              label={t(`reports.reason.${value}`)}
            />
          ))}
        </fieldset>
        <div className="mb-3">
          <label className="form-label" htmlFor={`${id}-text`}>
            {t('reports.text')}
          </label>
          <textarea
            className="form-control"
            id={`${id}-text`}
            rows={3}
            maxLength={REPORT_TEXT_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={`${id}-hint`}
          />
          <div className="form-text" id={`${id}-hint`}>
            {t('reports.text_hint')}
          </div>
        </div>
        <CheckField
          type="checkbox"
          id={`${id}-block`}
          checked={block}
          onChange={(event) => setBlock(event.target.checked)}
          label={t('reports.block', name)}
        />
        {error && (
          <p className="alert alert-danger mt-3 mb-0" role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}

/** A button that opens the report dialog: what profile pages and cards show. */
export function ReportButton({
  profile,
  message,
  onBlocked,
  t,
  className = 'btn btn-outline-secondary',
  compact = false,
}: Omit<ReportDialogProps, 'open' | 'onClose'> & { className?: string; compact?: boolean }) {
  const [open, setOpen] = useState(false);
  const label = t(message ? 'reports.action_message' : 'reports.action', { name: profile.name });
  return (
    <>
      <button
        type="button"
        className={className}
        data-action="report"
        aria-label={compact ? label : undefined}
        title={compact ? label : undefined}
        onClick={() => setOpen(true)}
      >
        {compact ? <span aria-hidden="true">⚑</span> : label}
      </button>
      <ReportDialog
        open={open}
        onClose={() => setOpen(false)}
        profile={profile}
        message={message}
        onBlocked={onBlocked}
        t={t}
      />
    </>
  );
}
