import { createElement, type FunctionComponent } from 'react';
import { renderToString } from 'react-dom/server';
import { expect } from 'vitest';
import { islandHtml, type ServerHtmlIgnores } from '../../src/server/island-html.ts';

/** An island component as a test renders it, with what it declares to island-html.ts. */
export type KeptIsland = FunctionComponent<Record<string, unknown>> & ServerHtmlIgnores;

/**
 * Holds that `island` has its server HTML kept per input (it ignores no prop), and that this is
 * right for it: two different inputs get their own HTML, each the same as a render of its own,
 * and the first input asked again still gets its own. Wrong once the HTML follows anything but
 * the props (a store, the clock, the member behind the request).
 */
export function expectKeptPerInput(
  island: KeptIsland,
  one: Record<string, unknown>,
  other: Record<string, unknown>,
): void {
  expect(island.serverHtmlIgnores).toEqual([]);
  const render = (props: Record<string, unknown>) =>
    renderToString(createElement(island, props), { identifierPrefix: 'k3' });
  const kept = (props: Record<string, unknown>) => islandHtml(island, props, 'k3', render);
  expect(kept(one)).toBe(render(one));
  expect(kept(other)).toBe(render(other));
  expect(kept(one)).not.toBe(kept(other));
  expect(kept({ ...one })).toBe(render(one));
}
