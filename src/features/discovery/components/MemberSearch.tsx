import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type SubmitEvent, type ReactNode } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { useIslandData, type IslandData } from '../../../lib/island-json.ts';
import { CountryOptions, type CountryChoice } from '../../shell/components/CountryOptions.tsx';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { SEARCH_MAX_AGE, SEARCH_MIN_AGE } from '../discovery.constants.ts';
import type { SearchAnswer, SearchFilters } from '../discovery.schemas.ts';
import { $search, loadMore, search, seedSearch, stateOf } from '../discovery.store.ts';
import { CardGrid } from './MemberCards.tsx';
import { ReportDialog } from '../../reports/components/ReportDialog.tsx';

export interface MemberSearchProps {
  /** The filters of the first page, and the server's answer for them (rendered on the server). */
  filters: SearchFilters;
  answer: IslandData<SearchAnswer>;
  /** The default filters (the niche's, turned to whom the member seeks): "Reset" returns to them. */
  defaults?: SearchFilters | undefined;
  /** The site's countries with their names in the member's language. */
  countries: IslandData<readonly CountryChoice[]>;
  /** `/members` (with the locale's prefix): a card links to `{profilePath}/{id}`. */
  profilePath: string;
  /** The site's fictional label: icon and words (spec: never hidden on a card). */
  fictional: { icon: string; label: string };
  messages: IslandMessages;
  /** A member (not a visitor) is searching: cards offer a report. */
  reportable?: boolean | undefined;
}

const FILTER_KEYS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const;

/** Whether two searches ask the same (a reset is offered only away from the defaults). */
function sameFilters(a: SearchFilters, b: SearchFilters): boolean {
  return FILTER_KEYS.every((key) => (a[key] ?? undefined) === (b[key] ?? undefined));
}

/** One filter of the form: its column in the row, its label, and its control (whose id is `inputId`). */
function Filter(props: { column: string; inputId: string; label: string; children: ReactNode }) {
  return (
    <div className={props.column}>
      <label className="form-label small" htmlFor={props.inputId}>
        {props.label}
      </label>
      {props.children}
    </div>
  );
}

/**
 * The member search (spec §2 members, §3 search store): the filters, the results 20 at a time
 * with "show more" behind the server's cursor, and similar members when few match. The page
 * renders the first page on the server; this island takes it over as the `$search` store.
 */
export default function MemberSearch(props: MemberSearchProps) {
  const t = islandTranslator(props.messages);
  const answer = useIslandData(props.answer);
  const countries = useIslandData(props.countries);
  const stored = useStore($search);
  // Until the store is seeded (the server's render and the first browser render) the props are
  // the state, so both renders agree.
  const state = stored.didInit ? stored : stateOf(props.filters, answer);
  const [error, setError] = useState<string | null>(null);
  const [reporting, setReporting] = useState<{ id: string; name: string } | null>(null);
  const onReport = props.reportable ? (card: { id: string; name: string }) => setReporting(card) : undefined;
  const id = useId();
  useEffect(() => seedSearch(props.filters, answer), [props.filters, answer]);

  // A refused filter says which one and why (the server's words); anything else, try again.
  const failed = (reason: unknown) => {
    if (!isApiError(reason)) return setError(t('search.error.load'));
    const fields = Object.values(reason.fieldMessages);
    setError(fields.length ? fields.join(' ') : reason.message || t('search.error.load'));
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' && value.trim() ? value.trim() : undefined;
    };
    const number = (name: string) => (text(name) === undefined ? undefined : Number(text(name)));
    const gender = text('gender');
    const filters: SearchFilters = {
      gender: gender === 'male' || gender === 'female' ? gender : undefined,
      country: text('country'),
      countryregion: text('countryregion'),
      min_age: number('min_age'),
      max_age: number('max_age'),
    };
    setError(null);
    // The address says the search, so a reload or a shared link shows the same results.
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(filters))
      if (value !== undefined) params.set(key, String(value));
    window.history.replaceState(null, '', `${window.location.pathname}?${params}`);
    search(filters).catch(failed);
  };

  // The form's fields are uncontrolled: a reset draws the form anew with the defaults.
  const [formKey, setFormKey] = useState(0);
  const reset = () => {
    if (!props.defaults) return;
    setError(null);
    // Back to the plain address: the next visit opens the defaults too (the server keeps none).
    window.history.replaceState(null, '', window.location.pathname);
    setFormKey((key) => key + 1);
    search(props.defaults).catch(failed);
  };

  const more = () => {
    setError(null);
    loadMore().catch(failed);
  };

  /** The id, name and shown value of a filter's control; the filter's label points at the id. */
  const control = (name: keyof SearchFilters) => ({
    id: `${id}-${name}`,
    name,
    defaultValue: state[name] ?? '',
  });
  const genderControl = control('gender');
  const countryControl = control('country');
  const regionControl = control('countryregion');

  const cards = state.results.flatMap((page) => page.results);
  const searching = state.loading === 'search';
  const count = state.numResults_capped
    ? t('search.results_capped', { count: state.numResults })
    : t('search.results_count', { count: state.numResults });

  return (
    <div>
      <form key={formKey} className="card card-body mb-4" onSubmit={submit} aria-labelledby={`${id}-filters`}>
        <h2 id={`${id}-filters`} className="h6 mb-3">
          {t('search.filters')}
        </h2>
        <div className="row g-2 align-items-end">
          <Filter column="col-6 col-md-4 col-lg-2" inputId={genderControl.id} label={t('search.gender')}>
            <select {...genderControl} className="form-select">
              <option value="">{t('search.gender_any')}</option>
              <option value="female">{t('search.gender_female')}</option>
              <option value="male">{t('search.gender_male')}</option>
            </select>
          </Filter>
          <Filter column="col-6 col-md-4 col-lg-3" inputId={countryControl.id} label={t('search.country')}>
            <select {...countryControl} className="form-select">
              <option value="">{t('search.country_any')}</option>
              <CountryOptions countries={countries} />
            </select>
          </Filter>
          <Filter column="col-12 col-md-4 col-lg-3" inputId={regionControl.id} label={t('search.region')}>
            <input {...regionControl} className="form-control" maxLength={100} />
          </Filter>
          {(['min_age', 'max_age'] as const).map((name) => (
            // Below lg the filters take two rows, the ages and the button the second: on a phone a
            // third of the row cut "Rechercher" at the card's edge, and at md a twelfth of it
            // showed one digit of an age.
            <Filter key={name} column="col-3 col-lg-1" inputId={control(name).id} label={t(`search.${name}`)}>
              <input
                {...control(name)}
                type="number"
                inputMode="numeric"
                min={SEARCH_MIN_AGE}
                max={SEARCH_MAX_AGE}
                className="form-control"
              />
            </Filter>
          ))}
          <div className="col-6 col-lg-2 d-grid">
            <button type="submit" className="btn btn-primary" disabled={searching}>
              {searching ? t('search.searching') : t('search.submit')}
            </button>
          </div>
          {props.defaults && !sameFilters(state, props.defaults) && (
            <div className="col-12">
              <button
                type="button"
                className="btn btn-link btn-sm px-0"
                onClick={reset}
                disabled={searching}
                data-testid="search-reset"
              >
                {t('search.reset')}
              </button>
            </div>
          )}
        </div>
      </form>

      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}

      <div aria-busy={searching} className={searching ? 'opacity-50' : undefined}>
        <p className="text-secondary mb-3" role="status" data-testid="search-count">
          {searching ? t('search.searching') : count}
        </p>
        {cards.length > 0 ? (
          <CardGrid cards={cards} {...props} countries={countries} t={t} onReport={onReport} />
        ) : (
          !searching && <p className="lead">{t('search.empty')}</p>
        )}
        {state.next && (
          <div className="d-grid d-sm-flex justify-content-sm-center mt-4">
            <button
              type="button"
              className="btn btn-outline-primary px-5"
              onClick={more}
              disabled={state.loading !== false}
            >
              {state.loading === 'more' ? t('search.loading_more') : t('search.show_more')}
            </button>
          </div>
        )}
        {state.similar_results.length > 0 && (
          <section className="mt-5" aria-labelledby={`${id}-similar`}>
            <h2 id={`${id}-similar`} className="h5">
              {t('search.similar_title')}
            </h2>
            <p className="text-body-secondary">
              {t('search.similar_intro', { count: state.similar_numResults })}
            </p>
            <CardGrid
              cards={state.similar_results}
              {...props}
              countries={countries}
              t={t}
              onReport={onReport}
            />
          </section>
        )}
      </div>
      {reporting && <ReportDialog open onClose={() => setReporting(null)} profile={reporting} t={t} />}
    </div>
  );
}
