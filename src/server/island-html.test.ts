import { describe, expect, it } from 'vitest';
import { islandHtml } from './island-html';

/** A component that counts its renders and shows the props it reads. */
function island(ignores: readonly string[] | undefined) {
  let renders = 0;
  const component = Object.assign(() => null, { serverHtmlIgnores: ignores });
  const render = (props: Record<string, unknown>, prefix = 'r0') =>
    islandHtml(component, props, prefix, () => {
      renders++;
      return `<p>${prefix} ${JSON.stringify(props)}</p>`;
    });
  return { render, renders: () => renders };
}

describe('kept island HTML', () => {
  it('renders an island that does not opt in every time', () => {
    const plain = island(undefined);
    plain.render({ a: 1 });
    plain.render({ a: 1 });
    expect(plain.renders()).toBe(2);
  });

  it('renders an input once, and each other input, prefix or prop value again', () => {
    const kept = island([]);
    const first = kept.render({ messages: '{"a":"A"}', locale: 'en' });
    expect(kept.render({ messages: '{"a":"A"}', locale: 'en' })).toBe(first);
    expect(kept.renders()).toBe(1);
    expect(kept.render({ messages: '{"a":"A"}', locale: 'nl' })).toContain('"nl"');
    expect(kept.render({ messages: '{"a":"B"}', locale: 'en' })).toContain('\\"B');
    expect(kept.render({ messages: '{"a":"A"}', locale: 'en' }, 'r3')).toContain('r3');
    expect(kept.render({ messages: '{"a":"A"}', locale: 'en', extra: { x: 1 } })).toContain('extra');
    expect(kept.renders()).toBe(5);
  });

  it('tells objects apart by their content', () => {
    const kept = island([]);
    kept.render({ links: { credits: '/credits?discountcode=A' } });
    expect(kept.render({ links: { credits: '/credits?discountcode=B' } })).toContain('discountcode=B');
    expect(kept.renders()).toBe(2);
  });

  it('gives the HTML of the first member to the next only for the props it ignores', () => {
    const kept = island(['user']);
    const robin = kept.render({ user: { email: 'robin@example.org' }, messages: 'm' });
    expect(robin).toContain('robin@example.org'); // the fake shows it; real islands are held by their tests
    expect(kept.render({ user: { email: 'sam@example.org' }, messages: 'm' })).toBe(robin);
    expect(kept.render({ user: { email: 'sam@example.org' }, messages: 'n' })).toContain('sam@example.org');
  });
});
