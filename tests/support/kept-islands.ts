import { createElement, type FunctionComponent } from 'react';
import { renderToString } from 'react-dom/server';
import { expect } from 'vitest';
import { islandHtml, type ServerHtmlIgnores } from '../../src/server/island-html.ts';

/**
 * Holds that `island` has its server HTML kept per input (it ignores no prop), and that this is
 * right for it: two different inputs get their own HTML, each the same as a render of its own,
 * and the first input asked again still gets its own. Wrong once the HTML follows anything but
 * the props (a store, the clock, the member behind the request).
 */
export function expectKeptPerInput<P extends object>(
  island: FunctionComponent<P> & ServerHtmlIgnores,
  one: P,
  other: P,
): void {
  expect(island.serverHtmlIgnores).toEqual([]);
  // The server renderer hands islandHtml the props as a plain record (src/server/react-islands.ts).
  const render = (props: Record<string, unknown>) =>
    renderToString(createElement(island, props as P), { identifierPrefix: 'k3' });
  const plain = (props: P) => ({ ...props }) as Record<string, unknown>;
  const kept = (props: P) => islandHtml(island, plain(props), 'k3', render);
  const fresh = (props: P) => render(plain(props));
  expect(kept(one)).toBe(fresh(one));
  expect(kept(other)).toBe(fresh(other));
  expect(kept(one)).not.toBe(kept(other));
  expect(kept({ ...one })).toBe(fresh(one));
}
