import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { createForm, requestErrorMessage, textOf, type FormSpec } from './form.ts';

interface Values {
  email: string;
  password: string;
}

const VALUES: Values = { email: 'robin@example.org', password: 'blue tulips' };

/** A form over `send`, with words that show which rule produced them. */
function form(overrides: Partial<FormSpec<Values, { ok: true }>> = {}) {
  const send = vi.fn(async (_values: Values) => ({ ok: true as const }));
  const spec: FormSpec<Values, { ok: true }> = {
    send,
    fieldMessage: (code) => `field:${code}`,
    failureMessage: (error) => (error instanceof ApiError && error.message) || 'try later',
    ...overrides,
  };
  return { form: createForm(() => spec), send, spec };
}

function validation(fields: Record<string, string>, fieldMessages?: Record<string, string>): ApiError {
  return new ApiError(422, {
    error: 'validation',
    message: 'Please check the fields',
    fields,
    ...(fieldMessages ? { field_messages: fieldMessages } : {}),
  });
}

describe('the form store', () => {
  it('starts idle, without problems', () => {
    const { form: f } = form();
    expect(f.$state.get()).toEqual({ busy: false, fields: {}, error: undefined, shown: 0 });
  });

  it('checks before sending: field codes become messages and nothing is sent', async () => {
    const { form: f, send } = form({ check: () => ({ email: 'email_invalid' }) });
    await expect(f.submit(VALUES)).resolves.toBe(false);
    expect(send).not.toHaveBeenCalled();
    expect(f.$state.get()).toMatchObject({ busy: false, fields: { email: 'field:email_invalid' }, shown: 1 });
  });

  it('is busy while the request is out and ignores a second submit', async () => {
    let answer: (value: { ok: true }) => void = () => {};
    const send = vi.fn(() => new Promise<{ ok: true }>((resolve) => (answer = resolve)));
    const done = vi.fn();
    const { form: f } = form({ send, done });
    const first = f.submit(VALUES);
    expect(f.$state.get().busy).toBe(true);
    await expect(f.submit(VALUES)).resolves.toBe(false);
    expect(send).toHaveBeenCalledTimes(1);
    answer({ ok: true });
    await expect(first).resolves.toBe(true);
    expect(f.$state.get().busy).toBe(false);
    expect(done).toHaveBeenCalledWith({ ok: true }, VALUES);
  });

  it('stays busy after success when the page moves on', async () => {
    const { form: f } = form({ leaves: true });
    await f.submit(VALUES);
    expect(f.$state.get().busy).toBe(true);
  });

  it("puts a 422's fields beside them, in the server's words where it sent some", async () => {
    const send = vi
      .fn()
      .mockRejectedValue(
        validation(
          { email: 'email_invalid', password: 'password_common' },
          { password: 'This password is too common' },
        ),
      );
    const onFields = vi.fn();
    const { form: f } = form({ send, onFields });
    await expect(f.submit(VALUES)).resolves.toBe(false);
    const fields = { email: 'field:email_invalid', password: 'This password is too common' };
    expect(f.$state.get()).toMatchObject({ busy: false, fields, error: undefined });
    expect(onFields).toHaveBeenCalledWith(fields);
  });

  it("shows any other failure for the whole form, in the server's words or the generic ones", async () => {
    const refused = form({
      send: vi.fn().mockRejectedValue(new ApiError(409, { error: 'conflict', message: 'Not now' })),
    }).form;
    await refused.submit(VALUES);
    expect(refused.$state.get()).toMatchObject({ busy: false, fields: {}, error: 'Not now' });

    const offline = form({
      send: vi.fn().mockRejectedValue(new ApiError(0, { error: 'network_error' })),
    }).form;
    await offline.submit(VALUES);
    expect(offline.$state.get().error).toBe('try later');
  });

  it('reads a 422 as any failure in a form without fields (switches)', async () => {
    const { form: f } = form({
      fieldMessage: undefined,
      send: vi.fn().mockRejectedValue(validation({ disabled: 'category_invalid' })),
    });
    await f.submit(VALUES);
    expect(f.$state.get()).toMatchObject({ fields: {}, error: 'Please check the fields' });
  });

  it('sends form-wide messages elsewhere when told (a toast)', async () => {
    const report = vi.fn();
    const { form: f } = form({
      report,
      send: vi.fn().mockRejectedValue(new ApiError(500, { error: 'server_error', message: 'Oops' })),
    });
    await f.submit(VALUES);
    expect(report).toHaveBeenCalledWith('Oops');
    expect(f.$state.get().error).toBeUndefined();
  });

  it('lets the form word the failures it knows, or handle them itself', async () => {
    const known = new ApiError(404, { error: 'email_not_found', message: 'E-mail address not found' });
    const locked = new ApiError(429, { error: 'account_locked', message: '', minutes: 10 });
    const gone = new ApiError(400, { error: 'link_invalid', message: 'Link expired' });
    const handled = vi.fn();
    const { form: f, spec } = form({
      refused: (error) => {
        if (error.code === 'email_not_found') return { fields: { email: error.message } };
        if (error.code === 'account_locked') return { error: `blocked for ${error.detail('minutes')} min.` };
        if (error.code === 'link_invalid') {
          handled();
          return 'handled';
        }
        return undefined;
      },
    });

    spec.send = vi.fn().mockRejectedValue(known);
    await f.submit(VALUES);
    expect(f.$state.get()).toMatchObject({ fields: { email: 'E-mail address not found' }, error: undefined });

    spec.send = vi.fn().mockRejectedValue(locked);
    await f.submit(VALUES);
    expect(f.$state.get()).toMatchObject({ fields: {}, error: 'blocked for 10 min.' });

    spec.send = vi.fn().mockRejectedValue(gone);
    await f.submit(VALUES);
    expect(handled).toHaveBeenCalledTimes(1);
    expect(f.$state.get()).toMatchObject({ busy: false, fields: {}, error: undefined });
  });

  it('a new attempt clears the last one’s problems; a corrected field loses its message', async () => {
    let codes: Record<string, string> | undefined = { email: 'required', password: 'required' };
    const { form: f } = form({ check: () => codes });
    expect(f.check(VALUES)).toBe(false);
    f.clearField('email');
    expect(f.$state.get().fields).toEqual({ email: undefined, password: 'field:required' });
    codes = undefined;
    expect(f.check(VALUES)).toBe(true);
    expect(f.$state.get()).toMatchObject({ fields: {}, error: undefined, shown: 1 });
  });

  it('counts each showing of problems, so the view can move focus again', async () => {
    const { form: f } = form({ check: () => ({ email: 'required' }) });
    await f.submit(VALUES);
    await f.submit(VALUES);
    expect(f.$state.get().shown).toBe(2);
    f.showFields({ reason: 'Please choose a reason' });
    expect(f.$state.get()).toMatchObject({ fields: { reason: 'Please choose a reason' }, shown: 3 });
  });

  it('reads the spec anew on each call (components pass their current props)', async () => {
    let words = 'first';
    const f = createForm<Values, never>(() => ({
      send: () => Promise.reject(new Error('offline')),
      fieldMessage: (code) => code,
      failureMessage: () => words,
    }));
    words = 'second';
    await f.submit(VALUES);
    expect(f.$state.get().error).toBe('second');
  });
});

describe('helpers', () => {
  it("words a failed request with the server's message, else the generic one", () => {
    const t = (key: string) => `t:${key}`;
    expect(requestErrorMessage(new ApiError(409, { error: 'x', message: 'Taken' }), t)).toBe('Taken');
    expect(requestErrorMessage(new ApiError(0, { error: 'network_error' }), t)).toBe('t:error.try_later');
    expect(requestErrorMessage(new Error('boom'), t)).toBe('t:error.try_later');
  });

  it('reads text fields of a form, empty when absent', () => {
    const data = new FormData();
    data.set('email', 'robin@example.org');
    expect(textOf(data, 'email')).toBe('robin@example.org');
    expect(textOf(data, 'password')).toBe('');
  });
});
