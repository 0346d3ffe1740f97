import { useEffect, useState, type SubmitEvent } from 'react';
import type { IslandTranslate } from '../../shell/island-i18n.ts';
import { failureText } from './console-client.ts';

/** One page of a console list, and the cursor of the page after it (null: the last). */
export interface ListPage<Item> {
  items: Item[];
  next: string | null;
}

/** The filters that hold a value, as query parameters: an empty filter asks for nothing. */
export function filterQuery(filters: Partial<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Record<string, string>;
}

/**
 * A console list read in one go when the island starts: loading until it is in, and the
 * refusal's words where it is not. `setItems` and `setError` let the page act on it afterwards.
 */
export function useLoadedList<Item>(load: () => Promise<Item[]>, t: IslandTranslate) {
  const [items, setItems] = useState<Item[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');

  useEffect(() => {
    load()
      .then(setItems)
      .catch((failure: unknown) => setError(failureText(failure, t)))
      .finally(() => setLoading(false));
  }, []);

  return { items, setItems, loading, error, setError };
}

/**
 * A console list read a page at a time: `load` without a cursor starts it again, with one it
 * adds the page after that cursor to the rows shown. It is loading until the first page is in.
 */
export function usePagedList<Item>(
  fetchPage: (query: Record<string, string>) => Promise<ListPage<Item>>,
  t: IslandTranslate,
) {
  const [items, setItems] = useState<Item[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');

  async function load(query: Record<string, string>, cursor?: string) {
    setLoading(true);
    setError('');
    try {
      const page = await fetchPage({ ...query, ...(cursor && { cursor }) });
      setItems((shown) => (cursor ? [...shown, ...page.items] : page.items));
      setNext(page.next);
    } catch (failure) {
      setError(failureText(failure, t));
    } finally {
      setLoading(false);
    }
  }

  return { items, setItems, next, loading, error, setError, load };
}

/**
 * A paged list under a form of filters: loaded unfiltered at first, again from its start
 * whenever the form is applied (`apply` reads the named fields, trimmed), and a page further
 * with `more`. `filters` are the applied ones (an export link follows them, not the form).
 */
export function useFilteredList<Name extends string, Item>(
  names: readonly Name[],
  fetchPage: (query: Record<string, string>) => Promise<ListPage<Item>>,
  t: IslandTranslate,
) {
  const [filters, setFilters] = useState<Partial<Record<Name, string>>>({});
  const { items, next, loading, error, load } = usePagedList(fetchPage, t);

  useEffect(() => {
    void load({});
  }, []);

  function apply(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const applied: Partial<Record<Name, string>> = {};
    for (const name of names) applied[name] = String(data.get(name) ?? '').trim();
    setFilters(applied);
    void load(filterQuery(applied));
  }

  /** The next page's button for `ListEnd`, while there is a next page. */
  const more = (label: string) =>
    next ? { label, onClick: () => void load(filterQuery(filters), next) } : undefined;

  return { items, loading, error, filters, apply, more };
}
