import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Field, TextAreaField } from '../../shell/components/Field.tsx';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { api, failureText } from '../../staff/components/console-client.ts';
import { FailureAlert, TableScroller } from '../../staff/components/ConsoleTable.tsx';
import { LabelledSelect, SelectOptions } from '../../staff/components/LabelledControl.tsx';
import { useConsoleAction } from '../../staff/components/use-console-action.ts';
import { BusySubmit } from '../../staff/components/BusySubmit.tsx';
import { earlyText, useEarlyInput } from '../../staff/components/use-early-input.ts';
import type { MailingView } from '../codes.schemas.ts';

export const MAILINGS_MESSAGES = [
  'console.mailings.nav',
  'console.codes.site',
  'console.mailings.category',
  'console.mailings.category_promotions',
  'console.mailings.category_news',
  'console.mailings.locale',
  'console.mailings.subject',
  'console.mailings.text',
  'console.mailings.text_hint',
  'console.mailings.preview',
  'console.mailings.save',
  'console.mailings.send',
  'console.mailings.send_confirm',
  'console.mailings.test',
  'console.mailings.test_sent',
  'console.mailings.sent',
  'console.mailings.status_queued',
  'console.mailings.status_sending',
  'console.mailings.counts',
  'console.mailings.draft',
  'console.mailings.empty',
  'console.busy',
  'error.try_later',
] as const;

/** The paragraphs as the e-mail will have them: an empty line starts a new one. */
function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/**
 * Promotions and news per site and language: written and previewed here, sent once to the
 * members who have the category on (the count of e-mails sent is shown).
 */
export default function Mailings({
  messages,
  sites,
}: {
  messages: IslandMessages;
  /** Each site with its languages, its own first, each named in that language. */
  sites: { id: string; name: string; locales: { id: string; name: string }[] }[];
}) {
  const t = islandTranslator(messages);
  const [site, setSite] = useState(sites[0]?.id ?? '');
  // The language picked for this site; none yet means the site's own (its first).
  const [locale, setLocale] = useState('');
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [list, setList] = useState<MailingView[] | null>(null);
  const [counts, setCounts] = useState({ queued: 0, sending: 0, sent: 0 });
  // Where the last test went, said until the next action.
  const [tested, setTested] = useState<string | null>(null);
  const { busy, error, setError, fields, run } = useConsoleAction(t);
  const locales = sites.find((s) => s.id === site)?.locales ?? [];
  /** A mailing's site by its name ("Amber Hearts (amber)"; its id where the list has none). */
  const siteName = (siteId: string) => sites.find((s) => s.id === siteId)?.name ?? siteId;
  /** A mailing's language by the name its site's list gives it (its code where none does). */
  const languageOf = (siteId: string, code: string) =>
    sites.find((s) => s.id === siteId)?.locales.find((l) => l.id === code)?.name ?? code;
  const shownLocale = locales.some((l) => l.id === locale) ? locale : (locales[0]?.id ?? '');
  const form = useRef<HTMLFormElement>(null);
  /** One of the mailing's choices, by the name the endpoint takes it under; each stands over the next. */
  const choice = (name: 'site' | 'category' | 'locale', label: string) => ({
    id: `mailing-${name}`,
    label,
    controlClassName: 'form-select mb-3',
    name,
  });

  // What was picked and written before the island ran.
  useEarlyInput(form, (early) => {
    const picked = earlyText(early, 'site');
    if (sites.some((s) => s.id === picked)) setSite(picked);
    setLocale(earlyText(early, 'locale'));
    setSubject(earlyText(early, 'subject'));
    setText(earlyText(early, 'text'));
  });

  const refresh = () =>
    api('GET /console/api/mailings.php')
      .then((answer) => {
        setList(answer.mailings);
        setCounts(answer.counts);
      })
      .catch((failure: unknown) => setError(failureText(failure, t)));
  useEffect(() => {
    void refresh();
  }, []);

  const call = (body: Record<string, string>) =>
    run(async () => {
      await api('POST /console/api/mailings.php', body as never);
      await refresh();
    });

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const ok = await call({
      action: 'create',
      site,
      category: String(data.get('category') ?? ''),
      locale: String(data.get('locale') ?? ''),
      subject,
      text,
    });
    if (ok) {
      setSubject('');
      setText('');
    }
  }

  async function send(m: MailingView) {
    if (!window.confirm(t('console.mailings.send_confirm', { site: siteName(m.site) }))) return;
    setTested(null);
    await call({ action: 'send', id: m.id });
  }

  /** The mailing once to the staff member's own address, as its members will get it. */
  async function test(m: MailingView) {
    setTested(null);
    await run(async () => {
      const answer = await api('POST /console/api/mailings.php', { action: 'test', id: m.id });
      if ('tested' in answer) setTested(t('console.mailings.test_sent', { email: answer.tested.to }));
    });
  }

  return (
    <div className="row g-4">
      <div className="col-lg-7">
        <FailureAlert error={error} />
        <p role="status" className={tested ? 'alert alert-success' : 'visually-hidden'}>
          {tested}
        </p>
        <p className="small text-body-secondary" data-testid="mailing-counts">
          {t('console.mailings.counts', counts)}
        </p>
        {list === null ? (
          <p>{t('console.busy')}</p>
        ) : list.length === 0 ? (
          <p>{t('console.mailings.empty')}</p>
        ) : (
          <TableScroller label={t('console.mailings.nav')}>
            <table className="table table-sm align-middle">
              <tbody>
                {list.map((m) => (
                  <tr key={m.id}>
                    <td>{siteName(m.site)}</td>
                    <td>
                      {t(
                        m.category === 'news'
                          ? 'console.mailings.category_news'
                          : 'console.mailings.category_promotions',
                      )}
                    </td>
                    <td>{languageOf(m.site, m.locale)}</td>
                    <td>{m.subject}</td>
                    <td>
                      {m.status === 'queued' || m.status === 'sending' ? (
                        `${t(`console.mailings.status_${m.status}`)} · ${t('console.mailings.sent', { count: m.sent })}`
                      ) : m.sent_at ? (
                        t('console.mailings.sent', { count: m.sent })
                      ) : (
                        <span className="d-inline-flex flex-wrap gap-2">
                          {(
                            [
                              ['btn-outline-primary', 'console.mailings.test', test],
                              ['btn-primary', 'console.mailings.send', send],
                            ] as const
                          ).map(([look, label, act]) => (
                            <button
                              key={label}
                              type="button"
                              className={`btn btn-sm ${look}`}
                              disabled={busy}
                              onClick={() => void act(m)}
                            >
                              {t(label)}
                            </button>
                          ))}
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
        )}
      </div>
      <div className="col-lg-5">
        <form ref={form} onSubmit={(e) => void save(e)} noValidate>
          <LabelledSelect
            {...choice('site', t('console.codes.site'))}
            value={site}
            onChange={(e) => {
              setSite(e.target.value);
              setLocale('');
            }}
          >
            <SelectOptions options={sites.map((s) => [s.id, s.name])} />
          </LabelledSelect>
          <LabelledSelect {...choice('category', t('console.mailings.category'))}>
            <option value="promotions">{t('console.mailings.category_promotions')}</option>
            <option value="news">{t('console.mailings.category_news')}</option>
          </LabelledSelect>
          <LabelledSelect
            {...choice('locale', t('console.mailings.locale'))}
            value={shownLocale}
            onChange={(e) => setLocale(e.target.value)}
          >
            <SelectOptions options={locales.map((l) => [l.id, l.name])} />
          </LabelledSelect>
          <Field
            name="subject"
            label={t('console.mailings.subject')}
            error={fields.subject}
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            required
          />
          <TextAreaField
            name="text"
            rows={8}
            label={t('console.mailings.text')}
            hint={t('console.mailings.text_hint')}
            error={fields.text}
            value={text}
            onChange={(e) => setText(e.target.value)}
            required
          />
          <BusySubmit busy={busy}>{t('console.mailings.save')}</BusySubmit>
        </form>
        {(subject || text) && (
          <section className="card mt-3" aria-label={t('console.mailings.preview')}>
            <div className="card-header">{t('console.mailings.preview')}</div>
            <div className="card-body">
              <p className="fw-bold">{subject}</p>
              {paragraphs(text).map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            </div>
          </section>
        )}
      </div>
    </div>
  );
}
