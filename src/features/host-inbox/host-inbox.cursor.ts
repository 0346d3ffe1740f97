import type { PageKey } from '../../db/keyset.ts';

/* The console inbox's and operator profiles' page cursors: a row's time and id, opaque to the client. */

export function encodeCursor(key: PageKey): string {
  return Buffer.from(`${key.at}.${key.id}`).toString('base64url');
}

/** The key a cursor holds, or undefined for one that is not ours (`pageCursor` refuses it). */
export function decodeCursor(cursor: string): PageKey | undefined {
  const text = Buffer.from(cursor, 'base64url').toString();
  const dot = text.indexOf('.');
  const at = Number(text.slice(0, dot));
  if (dot < 1 || !Number.isSafeInteger(at) || dot === text.length - 1) return undefined;
  return { at, id: text.slice(dot + 1) };
}
