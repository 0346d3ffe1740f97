import { useEffect, useState, type ReactNode, type SubmitEvent } from 'react';
import { islandTranslator, type IslandMessages, type IslandTranslate } from '../../shell/island-i18n.ts';
import { api, failureText } from '../../staff/components/console-client.ts';
import { DoneNotice, FailureAlert, LoadedColumnTable } from '../../staff/components/ConsoleTable.tsx';
import { useConsoleAction } from '../../staff/components/use-console-action.ts';
import type { LedgerAnswer, MemberPageAnswer, SessionsAnswer } from '../support.schemas.ts';
import { money, signed, utc } from './format.ts';
import { MEMBER_SEARCH_MESSAGES, statusKey } from './MemberSearch.tsx';
import { LabelledInput } from '../../staff/components/LabelledControl.tsx';
import { TitledSection } from '../../staff/components/TitledSection.tsx';

export const MEMBER_DETAIL_MESSAGES = [
  ...MEMBER_SEARCH_MESSAGES,
  'console.support.credits',
  'console.support.last_active',
  'console.support.actions',
  'console.support.adjust',
  'console.support.adjust_delta',
  'console.support.adjust_delta_hint',
  'console.support.adjust_reason',
  'console.support.adjust_submit',
  'console.support.adjusted',
  'console.support.end_sessions',
  'console.support.end_sessions_confirm',
  'console.support.sessions_ended',
  'console.support.resend_activation',
  'console.support.activation_sent',
  'console.support.activation_not_needed',
  'console.support.change_email',
  'console.support.new_email',
  'console.support.change_email_submit',
  'console.support.email_changed',
  'console.support.orders',
  'console.support.no_orders',
  'console.support.ledger',
  'console.support.ledger_empty',
  'console.support.ledger_change',
  'console.support.ledger_kind',
  'console.support.ledger_balance',
  'console.support.ledger_by',
  'console.support.more',
  'console.support.sessions',
  'console.support.no_sessions',
  'console.support.device',
  'console.support.started',
  'console.support.last_seen',
  'console.orders.order',
  'console.orders.when',
  'console.orders.amount',
  'console.orders.method',
  'console.orders.status',
  'console.orders.status_pending',
  'console.orders.status_completed',
  'console.orders.status_failed',
  'console.orders.status_refunded',
  'console.busy',
] as const;

type Member = MemberPageAnswer['member'];

function Ledger({ id, t, version }: { id: string; t: IslandTranslate; version: number }) {
  const [page, setPage] = useState<LedgerAnswer | null>(null);
  const [error, setError] = useState('');
  const load = (cursor?: string) =>
    api('GET /console/api/member-ledger.php', undefined, { query: { id, ...(cursor && { cursor }) } })
      .then((next) =>
        setPage((shown) =>
          cursor && shown ? { ...next, entries: [...shown.entries, ...next.entries] } : next,
        ),
      )
      .catch((failure: unknown) => setError(failureText(failure, t)));
  useEffect(() => {
    void load();
  }, [version]);
  return (
    <div className="mb-4">
      <h2 id="ledger-title" className="h5">
        {t('console.support.ledger')}
      </h2>
      {error && <div className="alert alert-danger">{error}</div>}
      <LoadedColumnTable
        rows={page && page.entries}
        empty={t('console.support.ledger_empty')}
        caption={t('console.support.ledger')}
        testId="ledger"
        rowKey={(e) => e.id}
        columns={[
          { header: t('console.orders.when'), className: 'text-nowrap', cell: (e) => utc(e.created_at) },
          {
            header: t('console.support.ledger_change'),
            className: (e) => (e.delta < 0 ? 'text-danger' : 'text-success'),
            cell: (e) => signed(e.delta),
          },
          {
            header: t('console.support.ledger_kind'),
            cell: (e) => (
              <>
                <code>{e.reason}</code>
                {e.staff && <span className="ms-2">{e.staff.reason}</span>}
              </>
            ),
          },
          { header: t('console.support.ledger_balance'), cell: (e) => e.balance_after },
          {
            header: t('console.support.ledger_by'),
            className: 'text-break',
            cell: (e) => (e.staff ? (e.staff.email ?? e.staff.id) : ''),
          },
        ]}
      />
      {page?.next && (
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          onClick={() => void load(page.next!)}
        >
          {t('console.support.more')}
        </button>
      )}
    </div>
  );
}

function Sessions({
  id,
  t,
  version,
  siteName,
}: {
  id: string;
  t: IslandTranslate;
  version: number;
  siteName: (id: string) => string;
}) {
  const [sessions, setSessions] = useState<SessionsAnswer['sessions'] | null>(null);
  useEffect(() => {
    void api('GET /console/api/member-sessions.php', undefined, { query: { id } })
      .then((answer) => setSessions(answer.sessions))
      .catch(() => setSessions([]));
  }, [version]);
  return (
    <TitledSection id="sessions-title" title={t('console.support.sessions')} className="mb-4">
      <LoadedColumnTable
        rows={sessions}
        empty={t('console.support.no_sessions')}
        caption={t('console.support.sessions')}
        className="table table-sm align-middle"
        rowKey={(_, i) => i}
        columns={[
          { header: t('console.support.site'), cell: (s) => siteName(s.site) },
          { header: t('console.support.device'), cell: (s) => s.device },
          { header: t('console.support.started'), className: 'text-nowrap', cell: (s) => utc(s.created_at) },
          {
            header: t('console.support.last_seen'),
            className: 'text-nowrap',
            cell: (s) => utc(s.last_seen_at),
          },
        ]}
      />
    </TitledSection>
  );
}

/**
 * A member as support sees them: status, actions (credits with a reason, sessions, activation,
 * e-mail), orders, ledger and sessions. Reading the ledger and the sessions is audited.
 */
/**
 * One action on the member as a form, named `console.support.<action>` and sent by a button
 * that says `console.support.<action>_submit` (`outline` for one that is not the page's main
 * action): its fields top-aligned and its button under them, so a refusal's words under a field
 * move nothing else. `send` answers whether the action was done; only then is the form emptied,
 * so a refused value stays to be corrected.
 */
function ActionForm({
  t,
  action,
  className,
  outline = false,
  busy,
  send,
  children,
}: {
  t: IslandTranslate;
  action: 'adjust' | 'change_email';
  className?: string;
  outline?: boolean;
  busy: boolean;
  /** Sends the fields; `emptyForm` once the action is done, before the page loads again. */
  send: (data: FormData, emptyForm: () => void) => Promise<unknown>;
  children: ReactNode;
}) {
  async function submitted(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    await send(new FormData(form), () => form.reset());
  }
  return (
    <form
      className={`row g-2 align-items-start${className ? ` ${className}` : ''}`}
      onSubmit={(e) => void submitted(e)}
      aria-label={t(`console.support.${action}`)}
    >
      {children}
      <div className="col-12">
        <button
          className={outline ? 'btn btn-outline-primary' : 'btn btn-primary'}
          type="submit"
          disabled={busy}
        >
          {t(`console.support.${action}_submit`)}
        </button>
      </div>
    </form>
  );
}

export default function MemberDetail({
  messages,
  id,
  canRefund,
  siteNames = {},
}: {
  messages: IslandMessages;
  id: string;
  /** The viewer may open orders (the payments pages). */
  canRefund: boolean;
  /** The names of the sites staff read, by id (an id without one shows as it is). */
  siteNames?: Record<string, string>;
}) {
  const t = islandTranslator(messages);
  const siteName = (site: string) => siteNames[site] ?? site;
  const [page, setPage] = useState<MemberPageAnswer | null>(null);
  const { busy, error, setError, fields, run } = useConsoleAction(t);
  const [notice, setNotice] = useState('');
  const [version, setVersion] = useState(0);

  const refresh = () =>
    api('GET /console/api/member.php', undefined, { query: { id } })
      .then(setPage)
      .catch((failure: unknown) => setError(failureText(failure, t)));
  useEffect(() => {
    void refresh();
  }, []);

  /**
   * Runs a member action, says what it did and loads the page again. A form is emptied as soon
   * as the action is done: emptied after the load, it would wipe what staff began to type meanwhile.
   */
  function act(
    body: Parameters<typeof api<'POST /console/api/member-actions.php'>>[1],
    done: (a: { balance?: number; sent?: boolean }) => string,
    emptyForm?: () => void,
  ) {
    setNotice('');
    return run(async () => {
      const answer = await api('POST /console/api/member-actions.php', body);
      setNotice(done(answer));
      emptyForm?.();
      await refresh();
      setVersion((v) => v + 1);
    });
  }

  const adjust = (data: FormData, emptyForm: () => void) =>
    act(
      {
        id,
        action: 'adjust_credits',
        delta: Number(data.get('delta')),
        reason: String(data.get('reason') ?? ''),
      },
      (a) => t('console.support.adjusted', { balance: a.balance ?? 0 }),
      emptyForm,
    );

  const changeEmail = (data: FormData, emptyForm: () => void) =>
    act(
      { id, action: 'change_email', email: String(data.get('email') ?? '') },
      () => t('console.support.email_changed'),
      emptyForm,
    );

  if (!page) return error ? <div className="alert alert-danger">{error}</div> : <p>{t('console.busy')}</p>;
  const m: Member = page.member;
  return (
    <div>
      <h1 className="h3 mb-3">{m.name}</h1>
      <dl className="row mb-4" data-testid="member-summary">
        <dt className="col-sm-3">{t('console.support.status')}</dt>
        <dd className="col-sm-9">
          {t(statusKey(m.status))}
          {m.premium && <span className="badge text-bg-warning ms-2">{t('console.support.premium')}</span>}
        </dd>
        <dt className="col-sm-3">{t('console.support.email')}</dt>
        <dd className="col-sm-9 text-break">{m.email}</dd>
        <dt className="col-sm-3">{t('console.support.site')}</dt>
        <dd className="col-sm-9">{siteName(m.site)}</dd>
        <dt className="col-sm-3">{t('console.support.credits')}</dt>
        <dd className="col-sm-9" data-testid="member-credits">
          {m.credits}
        </dd>
        <dt className="col-sm-3">{t('console.support.joined')}</dt>
        <dd className="col-sm-9">{utc(m.created_at)}</dd>
        <dt className="col-sm-3">{t('console.support.last_active')}</dt>
        <dd className="col-sm-9">{utc(m.last_active_at)}</dd>
      </dl>
      <DoneNotice shown={notice}>{notice}</DoneNotice>
      <FailureAlert error={error} />
      <TitledSection id="actions-title" title={t('console.support.actions')} className="mb-4">
        <ActionForm t={t} action="adjust" className="mb-3" busy={busy} send={adjust}>
          <LabelledInput
            id="adjust-delta"
            label={t('console.support.adjust_delta')}
            className="col-6 col-md-2"
            name="delta"
            type="number"
            step={1}
            required
            error={fields.delta}
            aria-describedby="adjust-delta-hint"
          />
          <LabelledInput
            id="adjust-reason"
            label={t('console.support.adjust_reason')}
            className="col-12 col-md-6"
            name="reason"
            required
            maxLength={500}
            error={fields.reason}
          />
          <div id="adjust-delta-hint" className="form-text col-12 mt-0">
            {t('console.support.adjust_delta_hint')}
          </div>
        </ActionForm>
        <div className="d-flex flex-wrap gap-2 mb-3">
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy}
            onClick={() => {
              if (window.confirm(t('console.support.end_sessions_confirm')))
                void act({ id, action: 'end_sessions' }, () => t('console.support.sessions_ended'));
            }}
          >
            {t('console.support.end_sessions')}
          </button>
          {m.status === 'unconfirmed' && (
            <button
              type="button"
              className="btn btn-outline-secondary"
              disabled={busy}
              onClick={() =>
                void act({ id, action: 'resend_activation' }, (a) =>
                  t(a.sent ? 'console.support.activation_sent' : 'console.support.activation_not_needed'),
                )
              }
            >
              {t('console.support.resend_activation')}
            </button>
          )}
        </div>
        <ActionForm t={t} action="change_email" outline busy={busy} send={changeEmail}>
          <LabelledInput
            id="new-email"
            label={t('console.support.new_email')}
            className="col-12 col-md-6"
            name="email"
            type="email"
            required
            error={fields.email}
          />
        </ActionForm>
      </TitledSection>
      <TitledSection id="orders-title" title={t('console.support.orders')} className="mb-4">
        <LoadedColumnTable
          rows={page.orders}
          empty={t('console.support.no_orders')}
          caption={t('console.support.orders')}
          className="table table-sm align-middle"
          rowKey={(o) => o.id}
          columns={[
            {
              header: t('console.orders.order'),
              cell: (o) =>
                canRefund ? <a href={`/console/orders/${encodeURIComponent(o.id)}`}>{o.id}</a> : o.id,
            },
            { header: t('console.orders.when'), className: 'text-nowrap', cell: (o) => utc(o.created_at) },
            {
              header: t('console.orders.amount'),
              className: 'text-nowrap',
              cell: (o) => (
                <>
                  {money(o.amount, o.currency)} · {o.credits}
                </>
              ),
            },
            { header: t('console.orders.method'), cell: (o) => o.payment_method },
            { header: t('console.orders.status'), cell: (o) => t(`console.orders.status_${o.status}`) },
          ]}
        />
      </TitledSection>
      <Ledger id={id} t={t} version={version} />
      <Sessions id={id} t={t} version={version} siteName={siteName} />
    </div>
  );
}
