import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Takes over what staff typed, ticked or picked in a form before its island ran.
 *
 * The console's pages arrive as HTML before their scripts: a field changed in that time holds
 * the staff member's input, while React's state still holds the first values. Once React runs,
 * it would set the fields it controls (`value`, `checked`) back to that state, and the form
 * would send (and preview) something other than what the screen showed. `adopt` gets the form's
 * `FormData` once, in a layout effect (before anything re-renders the hydrated fields), and
 * puts the early values into state. Only fields with a `name` are in it; a form that reads
 * `FormData` when it is sent also sends what a new `name` adds, so check its submit.
 *
 * Fields the form can read when it is sent are better left uncontrolled (`defaultValue`): the
 * browser keeps them as they are. Submit buttons wait for the island (`BusySubmit` does).
 */
export function useEarlyInput(
  form: RefObject<HTMLFormElement | null>,
  adopt: (data: FormData) => void,
): void {
  const latest = useRef(adopt);
  latest.current = adopt;
  useLayoutEffect(() => {
    if (form.current) latest.current(new FormData(form.current));
  }, []);
}

/** A field's early value as text: empty where the form has no such field. */
export function earlyText(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}

/** A field's early value where it is one of `choices`, else `fallback`. */
export function earlyChoice<Choice extends string>(
  data: FormData,
  name: string,
  choices: readonly Choice[],
  fallback: Choice,
): Choice {
  const value = earlyText(data, name);
  return (choices as readonly string[]).includes(value) ? (value as Choice) : fallback;
}
