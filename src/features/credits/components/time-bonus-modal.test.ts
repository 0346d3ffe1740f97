import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { islandMessages } from '../../../i18n';
import TimeBonusModal, { TIME_BONUS_MODAL_MESSAGES } from './TimeBonusModal.tsx';

describe('the time-bonus modal’s server HTML', () => {
  it('is the same for every member, as its kept HTML assumes (src/server/island-html.ts)', () => {
    expect(TimeBonusModal.serverHtmlIgnores).toEqual(['memberId']);
    const html = (memberId: string) =>
      renderToString(
        createElement(TimeBonusModal, {
          memberId,
          credits: '/credits',
          messages: islandMessages('en', TIME_BONUS_MODAL_MESSAGES),
        }),
        { identifierPrefix: 'k1' },
      );
    expect(html('m1')).not.toContain('m1');
    expect(html('m2')).toBe(html('m1'));
  });
});
