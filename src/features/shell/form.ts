import { map, type MapStore } from 'nanostores';
import { isApiError, type ApiError } from '../../lib/api-client.ts';
import type { IslandTranslate } from './island-i18n.ts';

/**
 * What every form of the member area does with a request, framework-free: check before
 * sending, stay busy while the request is out (a second submit is ignored), put a 422's field
 * problems beside their fields and any other failure in one message for the whole form. Each
 * form only says how to check, what to send, what follows success and how it words the failures
 * it knows. The React side is `use-form.ts`.
 */

/** Field name → the message the member reads beside that field. */
export type FieldMessages = Partial<Record<string, string>>;

export interface FormState {
  /** A request is out, or it succeeded and the page is about to change. */
  busy: boolean;
  /** Problems by field: those fields are marked invalid and described by their message. */
  fields: FieldMessages;
  /** The form-wide message of a failure that belongs to no field. */
  error: string | undefined;
  /** Goes up each time problems are shown, so the view can take focus to the first again. */
  shown: number;
}

/** How a form words a failure it knows: beside fields, for the whole form, or done itself. */
export type Refusal = { fields: FieldMessages } | { error: string } | 'handled';

export interface FormSpec<Values, Answer> {
  /** Field codes of what is wrong, found before sending (usually the shared schema's). */
  check?: (values: Values) => Record<string, string> | undefined;
  send: (values: Values) => Promise<Answer>;
  /** What follows the server's yes. */
  done?: (answer: Answer, values: Values) => void;
  /** Failures the form words itself; `undefined` leaves one to the defaults below. */
  refused?: (error: ApiError, values: Values) => Refusal | undefined;
  /**
   * A field code (of the check or of a 422 without the server's words) as the member reads it.
   * A form without fields (switches, a single button) leaves it out: a 422 then reads as any
   * other failure instead of vanishing beside fields that are not there.
   */
  fieldMessage?: (code: string) => string;
  /** Words for any other failure (see `requestErrorMessage`). */
  failureMessage: (error: unknown) => string;
  /** Where a form-wide message goes instead of the form's own alert (e.g. a toast). */
  report?: (message: string) => void;
  /** Success leads to another page: stay busy meanwhile, so nothing is sent twice. */
  leaves?: boolean;
  /** Told whenever field problems are shown (a form of several steps goes to the first). */
  onFields?: (fields: FieldMessages) => void;
}

export interface Form<Values> {
  readonly $state: MapStore<FormState>;
  /** Checks, then sends; true when the server said yes. Ignored while busy. */
  submit(values: Values): Promise<boolean>;
  /** Only checks, showing what is wrong; true when nothing is. */
  check(values: Values): boolean;
  /** Shows problems the form found by its own rules. */
  showFields(fields: FieldMessages): void;
  /** Takes one field's message away (the member corrected it). */
  clearField(name: string): void;
}

function hasAny(fields: FieldMessages | Record<string, string> | undefined): boolean {
  return !!fields && Object.values(fields).some(Boolean);
}

/**
 * A form's state and actions. `spec` is read anew on every call, so a component can pass one
 * that closes over its current props and state.
 */
export function createForm<Values, Answer>(spec: () => FormSpec<Values, Answer>): Form<Values> {
  const $state = map<FormState>({ busy: false, fields: {}, error: undefined, shown: 0 });

  const showFields = (fields: FieldMessages) => {
    $state.set({ ...$state.get(), fields, shown: $state.get().shown + 1 });
    spec().onFields?.(fields);
  };

  const report = (message: string) => {
    const { report: elsewhere } = spec();
    if (elsewhere) elsewhere(message);
    else $state.set({ ...$state.get(), error: message, shown: $state.get().shown + 1 });
  };

  const messagesOf = (codes: Record<string, string>, words: Record<string, string> = {}) => {
    const out: FieldMessages = {};
    for (const [field, code] of Object.entries(codes))
      out[field] = words[field] || spec().fieldMessage?.(code) || code;
    return out;
  };

  const check = (values: Values): boolean => {
    $state.set({ ...$state.get(), error: undefined });
    const codes = spec().check?.(values);
    if (hasAny(codes)) {
      showFields(messagesOf(codes!));
      return false;
    }
    if (hasAny($state.get().fields)) $state.setKey('fields', {});
    return true;
  };

  const fail = (error: unknown, values: Values) => {
    const refusal = isApiError(error) ? spec().refused?.(error, values) : undefined;
    if (refusal === 'handled') return;
    if (refusal && 'fields' in refusal) showFields(refusal.fields);
    else if (refusal) report(refusal.error);
    else if (spec().fieldMessage && isApiError(error) && error.code === 'validation' && hasAny(error.fields))
      showFields(messagesOf(error.fields, error.fieldMessages));
    else report(spec().failureMessage(error));
  };

  return {
    $state,
    check,
    showFields,
    clearField(name) {
      const { fields } = $state.get();
      if (fields[name]) $state.setKey('fields', { ...fields, [name]: undefined });
    },
    async submit(values) {
      if ($state.get().busy || !check(values)) return false;
      $state.setKey('busy', true);
      let answer: Answer;
      try {
        answer = await spec().send(values);
      } catch (error) {
        $state.setKey('busy', false);
        fail(error, values);
        return false;
      }
      if (!spec().leaves) $state.setKey('busy', false);
      spec().done?.(answer, values);
      return true;
    },
  };
}

/**
 * What a failed call says to the member: the server's message (already in the page's
 * language), or the generic "try again later" when no answer came.
 */
export function requestErrorMessage(error: unknown, t: IslandTranslate): string {
  return (isApiError(error) && error.message) || t('error.try_later');
}

/** The text of a field of a submitted form ('' when absent). */
export function textOf(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}
