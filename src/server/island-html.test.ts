import { describe, expect, it } from 'vitest';
import { islandHtml } from './island-html';

/** A component that counts its renders and shows the props it reads. */
function island(ignores: readonly string[] | undefined, texts?: readonly string[]) {
  let renders = 0;
  const component = Object.assign(() => null, { serverHtmlIgnores: ignores, serverHtmlTexts: texts });
  const render = (props: Record<string, unknown>, prefix = 'r0') =>
    islandHtml(component, props, prefix, (rendered) => {
      renders++;
      return `<p>${prefix} ${JSON.stringify(rendered)}</p>`;
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

  it('leaves paths into a prop out of the key, and keeps the rest of the prop in it', () => {
    const kept = island(['user.email']);
    const robin = kept.render({ user: { email: 'robin@example.org', credits: 5 } });
    expect(kept.render({ user: { email: 'sam@example.org', credits: 5 } })).toBe(robin);
    expect(kept.render({ user: { email: 'sam@example.org', credits: 6 } })).toContain('"credits":6');
    expect(kept.renders()).toBe(2);
  });

  it('renders an island with texts once per shape and puts the texts of each input in, escaped as React does', () => {
    const shown = (name: string, photo: string | null, credits = 5) =>
      `<p><b>${name}</b><img src="${photo}"/> ${credits}</p>`;
    let renders = 0;
    const component = Object.assign(() => null, {
      serverHtmlIgnores: ['user.email'],
      serverHtmlTexts: ['user.name', 'user.photo'],
    });
    const escapeAsReact = (text: string) =>
      text
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&#x27;');
    const render = (user: { name: string; photo: string | null; credits?: number; email: string }) =>
      islandHtml(component, { user }, 'k0', (props) => {
        renders++;
        const u = props['user'] as typeof user;
        return shown(escapeAsReact(u.name), u.photo === null ? null : escapeAsReact(u.photo), u.credits);
      });
    expect(render({ name: 'Robin', photo: '/p/1.webp', email: 'r@x' })).toBe(shown('Robin', '/p/1.webp'));
    expect(renders).toBe(1);
    expect(render({ name: `O'Brien <&> "Sam"`, photo: '/p/2.webp?a=1&b=2', email: 's@x' })).toBe(
      shown(escapeAsReact(`O'Brien <&> "Sam"`), '/p/2.webp?a=1&amp;b=2'),
    );
    expect(renders).toBe(1);
    // Another shape (no photo, another balance) is another entry; an empty text is part of the key.
    expect(render({ name: 'Kim', photo: null, email: 'k@x' })).toBe(shown('Kim', null));
    expect(render({ name: 'Kim', photo: '/p/3.webp', credits: 7, email: 'k@x' })).toBe(
      shown('Kim', '/p/3.webp', 7),
    );
    expect(render({ name: '', photo: '/p/3.webp', email: 'k@x' })).toBe(shown('', '/p/3.webp'));
    expect(renders).toBe(4);
  });

  it('renders every time an island whose render changes a text (the cut finds the trace)', () => {
    let renders = 0;
    const component = Object.assign(() => null, { serverHtmlTexts: ['user.name'] });
    const render = (name: string) =>
      islandHtml(component, { user: { name } }, 'k0', (props) => {
        renders++;
        return `<p>${(props['user'] as { name: string }).name.toUpperCase()}</p>`;
      });
    expect(render('Robin')).toBe('<p>ROBIN</p>');
    expect(render('Sam')).toBe('<p>SAM</p>');
    // The first request renders with stand-ins and again with its texts; later ones once each.
    expect(renders).toBe(3);
  });
});
