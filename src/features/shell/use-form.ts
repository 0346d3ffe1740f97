import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { createForm, type FormSpec, type FormState } from './form.ts';

export interface UseFormOptions<Values, Answer> extends FormSpec<Values, Answer> {
  /**
   * The values to send, read from the form's fields. Fields left uncontrolled (`defaultValue`,
   * `defaultChecked`) keep what the member typed or ticked before the island ran: React leaves
   * their value alone, and this reads it when the form is sent.
   */
  read: (data: FormData) => Values;
  /**
   * Called once when the island takes over, with what the fields hold at that moment. A form
   * whose fields React controls (switches that save at once, the signup steps) takes over what
   * was changed before hydration here, before React would set the fields back to its state.
   */
  adopt?: (values: Values) => void;
}

export interface UseForm<Values> extends FormState {
  /** Spread on the `<form>`: ref, submit handler, `noValidate`, `aria-busy`. */
  props: {
    ref: React.RefObject<HTMLFormElement | null>;
    method: 'post';
    noValidate: true;
    onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
    'aria-busy': true | undefined;
  };
  /** Sends the form's current values, or the given ones (a switch, a button outside a submit). */
  submit: (values?: Values) => Promise<boolean>;
  /** Checks the current values, showing what is wrong; true when nothing is. */
  check: () => boolean;
  showFields: (fields: Partial<Record<string, string>>) => void;
  clearField: (name: string) => void;
  /** Sets fields of the form back to their first values (after a failure or a success). */
  clear: (...names: string[]) => void;
}

function subscribeToNothing(): () => void {
  return () => {};
}

/**
 * False in the server's HTML and during hydration, true once the island runs. Buttons whose
 * handler is not attached yet are disabled until then: a click would do nothing, and a submit
 * would post the form to the page and lose what was typed.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * The member area's one form hook: the state and actions of `createForm`, bound to a `<form>`
 * element. Focus goes to the first field marked invalid whenever problems are shown.
 */
export function useForm<Values, Answer>(options: UseFormOptions<Values, Answer>): UseForm<Values> {
  const latest = useRef(options);
  latest.current = options;
  const [form] = useState(() => createForm<Values, Answer>(() => latest.current));
  const state = useStore(form.$state);
  const ref = useRef<HTMLFormElement>(null);

  const current = (): Values => latest.current.read(new FormData(ref.current ?? undefined));

  // A layout effect: it runs before anything re-renders the hydrated fields.
  useLayoutEffect(() => {
    if (ref.current) latest.current.adopt?.(current());
  }, []);

  useEffect(() => {
    if (state.shown) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [state.shown]);

  return {
    ...state,
    props: {
      ref,
      method: 'post',
      noValidate: true,
      'aria-busy': state.busy || undefined,
      onSubmit: (event) => {
        event.preventDefault();
        void form.submit(current());
      },
    },
    submit: (values) => form.submit(values ?? current()),
    check: () => form.check(current()),
    showFields: form.showFields,
    clearField: form.clearField,
    clear: (...names) => {
      for (const name of names) {
        const field = ref.current?.elements.namedItem(name);
        if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)
          field.value = field.defaultValue;
      }
    },
  };
}
