import { describe, expect, it } from 'vitest';
import { pickMessages } from '../../i18n/index.ts';
import { islandTranslator } from './island-i18n.ts';

describe('islandTranslator', () => {
  it('formats plural messages by the rules of the locale the messages were picked for', () => {
    const t = islandTranslator(pickMessages('pl', ['signup.characters_left', 'membernav.unread']));
    expect(t('signup.characters_left', { count: 1 })).toBe('Został 1 znak.');
    expect(t('signup.characters_left', { count: 3 })).toBe('Zostały 3 znaki.');
    expect(t('signup.characters_left', { count: 1000 })).toBe('Zostało 1000 znaków.');
    expect(t('membernav.unread', { count: 24 })).toBe('24 nieprzeczytane');
  });

  it('survives the trip through island props, which are serialised', () => {
    const messages = JSON.parse(JSON.stringify(pickMessages('de', ['signup.characters_left'])));
    expect(islandTranslator(messages)('signup.characters_left', { count: 1 })).toBe('Noch 1 Zeichen.');
  });

  it('falls back to English rules for hand-built messages, and shows a key it was not given', () => {
    const t = islandTranslator({ 'landers.map.count': '{count, plural, one {# member} other {# members}}' });
    expect(t('landers.map.count', { count: 1 })).toBe('1 member');
    expect(t('membernav.unread', { count: 2 })).toBe('membernav.unread');
  });
});
