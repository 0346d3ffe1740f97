import { useEffect, useRef, useState, type SubmitEvent, type ReactNode } from 'react';
import { FailureAlert } from '../../staff/components/ConsoleTable.tsx';
import { api, apiClient } from '../../../lib/api-client.ts';
import type { MessageKey } from '../../../i18n/index.ts';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { failureText, fieldTexts } from '../../staff/components/console-client.ts';
import { ATTRIBUTE_CHOICES, ATTRIBUTE_NAMES } from '../../profiles/profiles.editing.constants.ts';
import type {
  OperatorProfileAnswer,
  OperatorProfileEntry,
  OperatorProfilesPage,
} from '../operator-profiles.schemas.ts';
import { BusySubmit } from '../../staff/components/BusySubmit.tsx';
import { earlyChoice, earlyText, useEarlyInput } from '../../staff/components/use-early-input.ts';
import { SelectOptions } from '../../staff/components/LabelledControl.tsx';
import { PHOTO_STATUS_BADGE } from '../../photos/components/photo-status.ts';
import { InboxTable } from './InboxTable.tsx';

export const OPERATOR_PROFILE_MESSAGES: readonly MessageKey[] = [
  'console.profiles.caption',
  'console.profiles.new',
  'console.actions',
  'console.profiles.edit',
  'console.profiles.site',
  'console.profiles.seeking',
  'console.profiles.seeking_male',
  'console.profiles.seeking_female',
  'console.profiles.seeking_both',
  'console.profiles.birthdate',
  'console.profiles.country',
  'console.profiles.text',
  'console.profiles.save',
  'console.profiles.saved',
  'console.profiles.photos',
  'console.profiles.upload',
  'console.profiles.make_main',
  'console.profiles.main',
  'console.profiles.delete',
  'console.profiles.empty',
  'console.profiles.more',
  'console.profiles.fictional_note',
  'console.profiles.no_photos',
  'profileview.photo_n',
  'photos.status.pending',
  'photos.status.active',
  'photos.status.rejected',
  'console.inbox.fictional',
  'console.inbox.network',
  'console.inbox.loading',
  'profile.name',
  'profile.age',
  'profile.gender',
  'profile.not_said',
  'profile.attr.sexuality',
  'profile.attr.hair_color',
  'profile.attr.eye_color',
  'profile.attr.body_type',
  'profile.attr.relationship_status',
  'profile.attr.tattoos',
  ...ATTRIBUTE_NAMES.flatMap((name) =>
    ATTRIBUTE_CHOICES[name].map((value) => `profile.${name}.${value}` as MessageKey),
  ),
  'gender.male',
  'gender.female',
  'console.busy',
  'error.try_later',
];

export interface SiteChoice {
  id: string;
  name: string;
  network: string;
  countries: string[];
}

interface Form {
  site: string;
  name: string;
  gender: 'male' | 'female';
  seeking: 'male' | 'female' | 'both';
  birthdate: string;
  country: string;
  text: string;
  attributes: Record<string, string>;
}

const GENDERS = ['female', 'male'] as const;
const SEEKING = ['male', 'female', 'both'] as const;

const blank = (site: SiteChoice | undefined): Form => ({
  site: site?.id ?? '',
  name: '',
  gender: 'female',
  seeking: 'male',
  birthdate: '1995-01-01',
  country: site?.countries[0] ?? '',
  text: '',
  attributes: {},
});

/** A field of the profile form: its label wraps the control, and a refusal follows it. */
function ProfileField({
  label,
  className = 'form-label',
  error,
  children,
}: {
  label: string;
  className?: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <label className={className}>
      {label}
      {children}
      {error && <span className="text-danger small">{error}</span>}
    </label>
  );
}

/** A choice of the profile form: its options as value and label; it answers one of those values. */
function ProfileSelect<Value extends string>({
  label,
  className = 'form-label flex-fill',
  selectClassName = 'form-select',
  name,
  value,
  onChange,
  options,
}: {
  label: string;
  className?: string;
  selectClassName?: string;
  /** The field's name, under which a choice made before the island ran is taken over. */
  name: string;
  value: Value;
  onChange: (value: Value) => void;
  options: readonly (readonly [value: Value, label: ReactNode])[];
}) {
  return (
    <ProfileField className={className} label={label}>
      <select
        className={selectClassName}
        name={name}
        value={value}
        // The select offers nothing but the options' values.
        onChange={(e) => onChange(e.target.value as Value)}
      >
        <SelectOptions options={options} />
      </select>
    </ProfileField>
  );
}

/**
 * Operator-run profiles of the staff member's networks: the list, and a form that creates one
 * or edits its name, texts, attributes and photos. Such a profile is always labelled fictional;
 * the form has no field to change that.
 */
export default function OperatorProfiles({
  messages,
  sites,
}: {
  messages: IslandMessages;
  sites: SiteChoice[];
}) {
  const t = islandTranslator(messages);
  const [list, setList] = useState<OperatorProfileEntry[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [editing, setEditing] = useState<OperatorProfileAnswer | null>(null);
  const [form, setForm] = useState<Form>(() => blank(sites[0]));
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({});
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Each profile opened (or a new one begun) takes the focus to the form, once it shows it: a
  // row's Edit far down the list would otherwise change a form scrolled out of sight.
  const [reveals, setReveals] = useState(0);
  useEffect(() => {
    if (reveals > 0) headingRef.current?.focus();
  }, [reveals]);

  // What was picked and typed into the new profile before the island ran.
  useEarlyInput(formRef, (early) => {
    const site = sites.find((s) => s.id === earlyText(early, 'site')) ?? sites[0];
    const country = earlyText(early, 'country');
    const first = blank(site);
    setForm({
      site: first.site,
      name: earlyText(early, 'name'),
      gender: earlyChoice(early, 'gender', GENDERS, first.gender),
      seeking: earlyChoice(early, 'seeking', SEEKING, first.seeking),
      birthdate: earlyText(early, 'birthdate') || first.birthdate,
      // The countries shown before were the first site's: one of them only if the site has it.
      country: site?.countries.includes(country) ? country : first.country,
      text: earlyText(early, 'text'),
      attributes: Object.fromEntries(
        ATTRIBUTE_NAMES.map((name) => [name, earlyText(early, name)] as const).filter(([, value]) => value),
      ),
    });
  });

  async function load(cursor: string | null) {
    try {
      const page = await apiClient.get<OperatorProfilesPage>(
        `/console/api/profiles.php${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      setList((before) => (cursor ? [...(before ?? []), ...page.profiles] : page.profiles));
      setNext(page.next);
    } catch (failure) {
      setError(failureText(failure, t));
    }
  }

  useEffect(() => {
    void load(null);
  }, []);

  function show(answer: OperatorProfileAnswer) {
    const p = answer.profile;
    setEditing(answer);
    setForm({
      site: p.site ?? '',
      name: p.name,
      gender: p.gender,
      seeking: p.seeking,
      birthdate: p.birthdate,
      country: p.country,
      text: p.text ?? '',
      attributes: Object.fromEntries(ATTRIBUTE_NAMES.map((name) => [name, p[name] ?? ''])),
    });
  }

  async function open(id: string) {
    setError('');
    setNotice('');
    try {
      show(
        await apiClient.get<OperatorProfileAnswer>(`/console/api/profiles.php?id=${encodeURIComponent(id)}`),
      );
      setReveals((n) => n + 1);
    } catch (failure) {
      setError(failureText(failure, t));
    }
  }

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    setBusy(true);
    setError('');
    setFields({});
    setNotice('');
    const details = {
      text: form.text,
      ...Object.fromEntries(ATTRIBUTE_NAMES.map((name) => [name, form.attributes[name] || null])),
    };
    try {
      const answer = editing
        ? await api('PUT /console/api/profiles.php', {
            id: editing.profile.id,
            name: form.name,
            gender: form.gender,
            birthdate: form.birthdate,
            details: { ...details, seeking: form.seeking },
          })
        : await api('POST /console/api/profiles.php', {
            site: form.site,
            name: form.name,
            gender: form.gender,
            seeking: form.seeking,
            birthdate: form.birthdate,
            country: form.country,
            details,
          });
      show(answer);
      setNotice(t('console.profiles.saved'));
      void load(null);
    } catch (failure) {
      setError(failureText(failure, t));
      setFields(fieldTexts(failure));
    } finally {
      setBusy(false);
    }
  }

  async function upload(file: File | undefined) {
    if (!file || !editing) return;
    setBusy(true);
    setError('');
    try {
      const body = new FormData();
      body.append('photo', file);
      const response = await fetch(
        `/console/api/profile-photos.php?profile=${encodeURIComponent(editing.profile.id)}`,
        {
          method: 'POST',
          body,
        },
      );
      const answer = (await response.json()) as { message?: string };
      if (!response.ok) throw new Error(answer.message ?? t('error.try_later'));
      await open(editing.profile.id);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('error.try_later'));
    } finally {
      setBusy(false);
    }
  }

  async function photo(action: 'main' | 'delete', id: string) {
    if (!editing) return;
    try {
      const photos =
        action === 'main'
          ? await api('PUT /console/api/profile-photos.php', { profile: editing.profile.id, id, main: true })
          : await api('DELETE /console/api/profile-photos.php', { profile: editing.profile.id, id });
      setEditing({ ...editing, photos });
    } catch (failure) {
      setError(failureText(failure, t));
    }
  }

  const site = sites.find((s) => s.id === form.site);
  const set = (change: Partial<Form>) => setForm((before) => ({ ...before, ...change }));
  return (
    <div className="row g-4">
      <section className="col-lg-6">
        <button
          type="button"
          className="btn btn-primary mb-3"
          onClick={() => {
            setEditing(null);
            setForm(blank(sites[0]));
            setReveals((n) => n + 1);
          }}
        >
          {t('console.profiles.new')}
        </button>
        <InboxTable
          rows={list}
          loading={t('console.inbox.loading')}
          empty={t('console.profiles.empty')}
          caption={t('console.profiles.caption')}
          testId="operator-profiles"
          rowKey={(p) => p.id}
          columns={[
            {
              header: t('profile.name'),
              cell: (p) => (
                <>
                  {p.name} <span className="badge text-bg-warning">{t('console.inbox.fictional')}</span>
                </>
              ),
            },
            { header: t('profile.age'), cell: (p) => p.age },
            {
              header: t('console.profiles.site'),
              cell: (p) => sites.find((s) => s.id === p.site)?.name ?? p.site,
            },
            { header: t('console.inbox.network'), cell: (p) => p.network },
            {
              header: { hidden: t('console.actions') },
              cell: (p) => (
                <button
                  type="button"
                  className="btn btn-sm btn-outline-primary"
                  onClick={() => void open(p.id)}
                >
                  {t('console.profiles.edit')}
                </button>
              ),
            },
          ]}
        />
        {next && (
          <button type="button" className="btn btn-outline-secondary" onClick={() => void load(next)}>
            {t('console.profiles.more')}
          </button>
        )}
      </section>
      <section className="col-lg-6">
        <form
          ref={formRef}
          className="card card-body d-flex flex-column gap-2"
          onSubmit={(e) => void submit(e)}
          noValidate
        >
          <h2 className="h5" ref={headingRef} tabIndex={-1}>
            {editing ? `${t('console.profiles.edit')}: ${editing.profile.name}` : t('console.profiles.new')}
          </h2>
          <p className="small text-body-secondary mb-1">{t('console.profiles.fictional_note')}</p>
          {!editing && (
            <ProfileSelect
              className="form-label"
              label={t('console.profiles.site')}
              name="site"
              value={form.site}
              onChange={(id) => {
                const chosen = sites.find((s) => s.id === id);
                set({ site: id, country: chosen?.countries[0] ?? '' });
              }}
              options={sites.map((s) => [
                s.id,
                <>
                  {s.name} ({s.network})
                </>,
              ])}
            />
          )}
          <ProfileField label={t('profile.name')} error={fields.name}>
            <input
              className="form-control"
              name="name"
              value={form.name}
              onChange={(e) => set({ name: e.target.value })}
              required
            />
          </ProfileField>
          <div className="d-flex gap-2">
            <ProfileSelect
              label={t('profile.gender')}
              name="gender"
              value={form.gender}
              onChange={(gender) => set({ gender })}
              options={[
                ['female', t('gender.female')],
                ['male', t('gender.male')],
              ]}
            />
            <ProfileSelect
              label={t('console.profiles.seeking')}
              name="seeking"
              value={form.seeking}
              onChange={(seeking) => set({ seeking })}
              options={[
                ['male', t('console.profiles.seeking_male')],
                ['female', t('console.profiles.seeking_female')],
                ['both', t('console.profiles.seeking_both')],
              ]}
            />
          </div>
          <div className="d-flex gap-2">
            <ProfileField className="form-label flex-fill" label={t('console.profiles.birthdate')}>
              <input
                type="date"
                className="form-control"
                name="birthdate"
                value={form.birthdate}
                onChange={(e) => set({ birthdate: e.target.value })}
              />
            </ProfileField>
            {!editing && (
              <ProfileSelect
                label={t('console.profiles.country')}
                name="country"
                value={form.country}
                onChange={(country) => set({ country })}
                options={(site?.countries ?? []).map((c) => [c, c])}
              />
            )}
          </div>
          <div className="row g-2">
            {ATTRIBUTE_NAMES.map((name) => (
              <ProfileSelect
                key={name}
                className="form-label col-6"
                selectClassName="form-select form-select-sm"
                label={t(`profile.attr.${name}`)}
                name={name}
                value={form.attributes[name] ?? ''}
                onChange={(value) => set({ attributes: { ...form.attributes, [name]: value } })}
                options={[
                  ['', t('profile.not_said')],
                  ...ATTRIBUTE_CHOICES[name].map((value): [string, string] => [
                    value,
                    t(`profile.${name}.${value}` as MessageKey & (typeof OPERATOR_PROFILE_MESSAGES)[number]),
                  ]),
                ]}
              />
            ))}
          </div>
          <ProfileField label={t('console.profiles.text')} error={fields.text}>
            <textarea
              className="form-control"
              rows={5}
              name="text"
              value={form.text}
              onChange={(e) => set({ text: e.target.value })}
            />
          </ProfileField>
          <FailureAlert error={error} spacing="mb-0" />
          {notice && (
            <p className="text-success mb-0" role="status">
              {notice}
            </p>
          )}
          <BusySubmit busy={busy} busyText={t('console.busy')}>
            {t('console.profiles.save')}
          </BusySubmit>
        </form>
        {editing && (
          <section className="card card-body mt-3">
            <h3 className="h6">{t('console.profiles.photos')}</h3>
            {editing.photos.photos.length === 0 ? (
              <p className="small">{t('console.profiles.no_photos')}</p>
            ) : (
              <ul className="list-unstyled">
                {editing.photos.photos.map((p, i) => (
                  <li key={p.id} className="d-flex flex-wrap gap-2 align-items-center mb-2" data-photo={p.id}>
                    <img
                      className="rounded object-fit-cover"
                      src={p.thumb_filename}
                      alt={t('profileview.photo_n', { name: editing.profile.name, number: i + 1 })}
                      width={64}
                      height={64}
                    />
                    <span className={`badge ${PHOTO_STATUS_BADGE[p.status]}`}>
                      {t(`photos.status.${p.status}`)}
                    </span>
                    {p.main ? (
                      <span className="badge text-bg-success">{t('console.profiles.main')}</span>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-link btn-sm p-0"
                        onClick={() => void photo('main', p.id)}
                      >
                        {t('console.profiles.make_main')}
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn btn-link btn-sm p-0 text-danger"
                      onClick={() => void photo('delete', p.id)}
                    >
                      {t('console.profiles.delete')}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <label className="form-label">
              {t('console.profiles.upload')}
              <input
                type="file"
                className="form-control"
                accept="image/jpeg,image/png,image/webp"
                disabled={busy}
                onChange={(e) => void upload(e.target.files?.[0])}
              />
            </label>
          </section>
        )}
      </section>
    </div>
  );
}
