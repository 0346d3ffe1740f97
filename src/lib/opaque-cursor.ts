import { z } from './zod.ts';

/*
 * Cursors handed to clients as opaque text: a JSON array in base64url without padding. The member
 * search and the likes lists page with them; each reader checks what its cursor holds, and a
 * cursor only ever says where to go on in the reader's own list.
 */

export function encodeCursorValues(values: readonly unknown[]): string {
  return btoa(JSON.stringify(values)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The array a cursor holds, or undefined when the text is not one. */
export function decodeCursorValues(text: string): unknown[] | undefined {
  try {
    const value: unknown = JSON.parse(atob(text.replace(/-/g, '+').replace(/_/g, '/')));
    return Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A query parameter left empty by a form is no value. */
export const blankIsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);

/** An optional cursor parameter read by `decode`; 422 `cursor_invalid` for anything it refuses. */
export function cursorParam<T>(decode: (text: string) => T | undefined) {
  return z.preprocess(
    blankIsAbsent,
    z
      .string({ error: 'cursor_invalid' })
      .max(200, 'cursor_invalid')
      .transform((text, zctx) => {
        const cursor = decode(text);
        if (!cursor) zctx.addIssue({ code: 'custom', message: 'cursor_invalid' });
        return cursor ?? z.NEVER;
      })
      .optional(),
  );
}
