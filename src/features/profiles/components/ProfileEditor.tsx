import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { api } from '../../../lib/api-client.ts';
import type { MessageKey } from '../../../i18n/index.ts';
import { Field, FormAlert, SubmitButton, TextAreaField } from '../../shell/components/Field.tsx';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { requestErrorMessage } from '../../shell/form.ts';
import { toast } from '../../shell/toasts.ts';
import { useForm } from '../../shell/use-form.ts';
import {
  ATTRIBUTE_CHOICES,
  CITY_MAX_LENGTH,
  INTERESTS_MAX,
  SEEKING_CHOICES,
  TEXT_MAX_LENGTH,
  type AttributeName,
} from '../profiles.editing.constants.ts';
import type {
  CountryRegionList,
  InterestOption,
  OwnProfile,
  ProfileBody,
} from '../profiles.editing.schemas.ts';
import { locate, LocateError, watchGeoPermission, type GeoPermission } from './geolocation.ts';
import { INTEREST_GROUP_ORDER } from '../catalog.ts';
import { useIslandData, type IslandData } from '../../../lib/island-json.ts';

export interface ProfileEditorProps {
  profile: IslandData<OwnProfile>;
  messages: IslandMessages;
  /** The catalog's interests with their labels (the niche's featured ones first). */
  interests: IslandData<InterestOption[]>;
  /** The site's countries with their names in the page's language. */
  countries: IslandData<ReadonlyArray<{ code: string; name: string }>>;
  /** The regions of the profile's country, so the form is complete before any request. */
  regions: IslandData<Record<string, CountryRegionList>>;
  /** The attributes the site shows (settings `visible_profile_fields`). */
  attributes: AttributeName[];
  links: { photos: string; noPhoto: string };
}

type Values = Required<ProfileBody>;

function valuesOf(profile: OwnProfile, attributes: AttributeName[]): Values {
  const values = {
    seeking: profile.seeking,
    interests: [...profile.interests],
    country: profile.country,
    region: profile.region,
    city: profile.city ?? '',
    // A change awaiting review is what the member last wrote: they go on from it.
    text: profile.text_pending ?? profile.text ?? '',
  } as Values;
  for (const name of attributes) (values as Record<string, unknown>)[name] = profile[name];
  return values;
}

/**
 * The location is sent only when it changed: a member whose country this site does not serve
 * (signed up on a sister brand) can still save the rest without choosing a new one.
 */
function withoutUnchangedPlace(values: Values, saved: OwnProfile): ProfileBody {
  const city = values.city?.trim() || null;
  if (values.country !== saved.country || values.region !== saved.region || city !== saved.city)
    return values;
  const { country: _country, region: _region, city: _city, ...rest } = values;
  return rest;
}

/** What the geolocation line says, by permission state or by the last attempt's outcome. */
type GeoNote = GeoPermission | 'locating' | 'found' | 'not_served' | 'failed';

const GEO_NOTES: Partial<Record<GeoNote, MessageKey>> = {
  unsupported: 'profile.geo_unsupported',
  unknown: 'profile.geo_unknown',
  prompt: 'profile.geo_prompt',
  granted: 'profile.geo_granted',
  denied: 'profile.geo_denied',
  not_served: 'profile.geo_not_served',
  failed: 'profile.geo_failed',
};

/**
 * Spec §2 profile editing: personal information, interests, about me and location (the
 * browser's position with each permission state said honestly, or country and region chosen by
 * hand), beside a card of the main photo that leads to the photo manager.
 */
export default function ProfileEditor({ messages, attributes, links, ...data }: ProfileEditorProps) {
  const t = islandTranslator(messages);
  const initial = useIslandData(data.profile);
  const interests = useIslandData(data.interests);
  const countries = useIslandData(data.countries);
  const initialRegions = useIslandData(data.regions);
  const [profile, setProfile] = useState(initial);
  const [values, setValues] = useState(() => valuesOf(initial, attributes));
  const [regions, setRegions] = useState(initialRegions);
  const [permission, setPermission] = useState<GeoPermission>('unknown');
  const [geoNote, setGeoNote] = useState<GeoNote | undefined>();
  const [foundCity, setFoundCity] = useState('');
  const loading = useRef(new Set<string>());

  const form = useForm({
    read: (): Values => values,
    fieldMessage: (code) => t(`profile.error.${code}` as MessageKey, { max: INTERESTS_MAX }),
    failureMessage: (error) => requestErrorMessage(error, t),
    send: (body: Values) => api('PUT /api/profile.php', withoutUnchangedPlace(body, profile)),
    done: ({ profile: saved }) => {
      setProfile(saved);
      setValues(valuesOf(saved, attributes));
      toast(t('profile.saved'), { variant: 'success', closeLabel: t('toast.close') });
    },
  });

  useEffect(() => watchGeoPermission(setPermission), []);

  /** Regions of a country are fetched once, when the country is first chosen. */
  const loadRegions = (country: string) => {
    if (regions[country] || loading.current.has(country)) return;
    loading.current.add(country);
    api('GET /api/regions.php', undefined, { query: { country } })
      .then((answer) => setRegions((known) => ({ ...known, ...answer.regions })))
      .catch(() => toast(t('error.try_later'), { closeLabel: t('toast.close') }))
      .finally(() => loading.current.delete(country));
  };

  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    form.clearField(name);
  };

  const chooseCountry = (country: string) => {
    setValues((current) => ({ ...current, country, region: null }));
    form.clearField('country');
    form.clearField('region');
    loadRegions(country);
  };

  const findLocation = async () => {
    setGeoNote('locating');
    try {
      const place = await locate();
      if (!place.country) return setGeoNote('failed');
      if (!place.served) return setGeoNote('not_served');
      loadRegions(place.country);
      setValues((current) => ({
        ...current,
        country: place.country!,
        region: place.region,
        city: place.city ?? '',
      }));
      setFoundCity(place.city ?? '');
      setGeoNote('found');
    } catch (error) {
      if (error instanceof LocateError && error.reason === 'denied') {
        setPermission('denied');
        setGeoNote('denied');
      } else setGeoNote('failed');
    }
  };

  const toggleInterest = (key: InterestOption['key'], on: boolean) =>
    set('interests', on ? [...values.interests, key] : values.interests.filter((i) => i !== key));

  const countryRegions = regions[values.country];
  const note = geoNote && geoNote !== 'locating' ? geoNote : permission;
  const geoBlocked = permission === 'unsupported' || permission === 'denied';
  const full = values.interests.length >= INTERESTS_MAX;

  return (
    <div className="row g-4">
      <div className="col-lg-4 order-lg-last">
        <section className="card" aria-labelledby="profile-photos-title">
          <div className="card-body text-center">
            <h2 className="h5 card-title" id="profile-photos-title">
              {t('profile.section_photos')}
            </h2>
            <img
              src={profile.main_image?.thumb_filename ?? links.noPhoto}
              alt={profile.main_image ? t('profile.photo_alt') : ''}
              width={160}
              height={160}
              className="rounded mb-3 object-fit-cover"
            />
            {!profile.main_image && <p className="small text-body-secondary">{t('profile.photo_none')}</p>}
            {profile.main_image && profile.main_image.status !== 'active' && (
              <p className="small text-body-secondary">{t('profile.photo_pending')}</p>
            )}
            <a className="btn btn-outline-primary" href={links.photos}>
              {t('profile.manage_photos')}
            </a>
          </div>
        </section>
      </div>

      <form className="col-lg-8" {...form.props}>
        <FormAlert message={form.error} />

        <Section id="personal" title={t('profile.section_personal')}>
          <dl className="row mb-3">
            <dt className="col-sm-4">{t('profile.name')}</dt>
            <dd className="col-sm-8">{profile.name}</dd>
            <dt className="col-sm-4">{t('profile.gender')}</dt>
            <dd className="col-sm-8">{t(`gender.${profile.gender}`)}</dd>
            <dt className="col-sm-4">{t('profile.age')}</dt>
            <dd className="col-sm-8 mb-0">{profile.age}</dd>
          </dl>
          <div className="row">
            <Select
              name="seeking"
              label={t('signup.seeking')}
              value={values.seeking}
              error={form.fields.seeking}
              options={SEEKING_CHOICES.map((s) => ({ value: s, label: t(`signup.seeking_${s}`) }))}
              onChange={(v) => set('seeking', v as Values['seeking'])}
            />
            {attributes.map((name) => (
              <Select
                key={name}
                name={name}
                label={t(`profile.attr.${name}`)}
                value={(values[name] as string | null) ?? ''}
                error={form.fields[name]}
                empty={t('profile.not_said')}
                options={ATTRIBUTE_CHOICES[name].map((v) => ({
                  value: v,
                  label: t(`profile.${name}.${v}` as MessageKey),
                }))}
                onChange={(v) => set(name, (v || null) as Values[typeof name])}
              />
            ))}
          </div>
        </Section>

        <Section id="interests" title={t('profile.section_interests')}>
          <fieldset aria-describedby="profile-interests-hint">
            <legend className="visually-hidden">{t('profile.section_interests')}</legend>
            <p className="form-text mt-0" id="profile-interests-hint">
              {t('profile.interests_hint', { max: INTERESTS_MAX })}{' '}
              <span aria-live="polite">
                {t('profile.interests_count', { count: values.interests.length, max: INTERESTS_MAX })}
              </span>
            </p>
            {INTEREST_GROUP_ORDER.map((group) => {
              const inGroup = interests.filter((interest) => interest.group === group);
              if (inGroup.length === 0) return null;
              return (
                <fieldset key={group} className="interest-group">
                  <legend className="interest-group-title">{t(`profile.interest_group.${group}`)}</legend>
                  <div className="d-flex flex-wrap gap-2">
                    {inGroup.map(({ key, label }) => {
                      const on = values.interests.includes(key);
                      return (
                        <span key={key}>
                          <input
                            type="checkbox"
                            className="btn-check"
                            id={`interest-${key}`}
                            name="interests"
                            value={key}
                            checked={on}
                            disabled={!on && full}
                            onChange={(event) => toggleInterest(key, event.target.checked)}
                          />
                          <label
                            className="btn btn-sm btn-outline-primary rounded-pill"
                            htmlFor={`interest-${key}`}
                          >
                            {label}
                          </label>
                        </span>
                      );
                    })}
                  </div>
                </fieldset>
              );
            })}
            <div className={`invalid-feedback${form.fields.interests ? ' d-block' : ''}`} role="alert">
              {form.fields.interests}
            </div>
          </fieldset>
        </Section>

        <Section id="about" title={t('profile.section_about')}>
          <TextAreaField
            label={t('profile.about_hint')}
            name="text"
            rows={6}
            maxLength={TEXT_MAX_LENGTH}
            value={values.text ?? ''}
            onChange={(event) => set('text', event.target.value)}
            error={form.fields.text}
            hint={t('profile.characters_left', { count: TEXT_MAX_LENGTH - (values.text ?? '').length })}
          />
          {profile.text_pending && (
            <p className="alert alert-info py-2 mt-2 mb-0" data-testid="text-pending">
              {t('profile.text_pending')}
            </p>
          )}
        </Section>

        <Section id="location" title={t('profile.section_location')}>
          <div className="d-flex flex-wrap align-items-center gap-3 mb-2">
            <button
              type="button"
              className="btn btn-outline-secondary"
              disabled={geoBlocked || geoNote === 'locating'}
              onClick={() => void findLocation()}
            >
              {geoNote === 'locating' ? (
                <>
                  <span className="kindred-spinner" aria-hidden="true" /> {t('profile.locating')}
                </>
              ) : (
                t('profile.use_location')
              )}
            </button>
          </div>
          <p
            className={`small ${note === 'denied' || note === 'failed' || note === 'not_served' ? 'text-danger-emphasis' : 'text-body-secondary'}`}
            role="status"
            data-geo={note}
          >
            {note === 'found'
              ? t('profile.geo_found', { city: foundCity })
              : GEO_NOTES[note] && t(GEO_NOTES[note])}
          </p>
          <div className="row">
            <Select
              name="country"
              label={t('profile.country')}
              value={values.country}
              error={form.fields.country}
              options={countries.map((c) => ({ value: c.code, label: c.name }))}
              // A member from a sister brand may live where this site does not serve: nothing chosen yet.
              empty={countries.some((c) => c.code === values.country) ? undefined : t('profile.choose')}
              onChange={chooseCountry}
            />
            <Select
              name="region"
              label={countryRegions?.label ?? t('region.region')}
              value={values.region ?? ''}
              error={form.fields.region}
              empty={countryRegions ? t('profile.choose') : t('profile.loading_regions')}
              options={(countryRegions?.regions ?? []).map((r) => ({ value: r.code, label: r.name }))}
              onChange={(v) => set('region', v || null)}
            />
            <div className="col-md-6">
              <Field
                label={t('profile.city')}
                name="city"
                maxLength={CITY_MAX_LENGTH}
                autoComplete="address-level2"
                value={values.city ?? ''}
                error={form.fields.city}
                onChange={(event) => set('city', event.target.value)}
              />
            </div>
          </div>
        </Section>

        <div className="d-flex justify-content-end">
          <SubmitButton busy={form.busy} busyLabel={t('profile.saving')}>
            {t('profile.save')}
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card mb-4" aria-labelledby={`profile-${id}-title`}>
      <div className="card-body">
        <h2 className="h5 card-title mb-3" id={`profile-${id}-title`}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

function Select({
  name,
  label,
  value,
  options,
  empty,
  error,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  /** The choice of "nothing said", when there is one. */
  empty?: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="col-md-6 mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className={`form-select${error ? ' is-invalid' : ''}`}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {empty !== undefined && <option value="">{empty}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <div className={`invalid-feedback${error ? ' d-block' : ''}`} id={`${id}-error`} role="alert">
        {error}
      </div>
    </div>
  );
}
