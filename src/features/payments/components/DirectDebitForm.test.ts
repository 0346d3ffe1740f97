import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { islandMessages } from '../../../i18n';
import DirectDebitForm, { DIRECT_DEBIT_MESSAGES } from './DirectDebitForm.tsx';

describe('the direct debit form before its script runs', () => {
  it('posts, so an early submit never puts the IBAN, name and address into the URL', () => {
    const html = renderToString(
      createElement(DirectDebitForm, {
        bundle: 'starter',
        countries: [{ code: 'NL', name: 'Netherlands' }],
        messages: islandMessages('en', DIRECT_DEBIT_MESSAGES),
        next: '/credits',
      }),
    );
    const form = /<form\b[^>]*>/.exec(html)?.[0] ?? '';
    expect(html).toContain('name="iban"');
    expect(form).toMatch(/\bmethod="post"/);
  });
});
