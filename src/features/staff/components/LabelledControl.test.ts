import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LabelledInput, LabelledSelect } from './LabelledControl.tsx';

/*
 * A console field the server refused says why under it, and assistive technology hears it: the
 * control is marked invalid and described by the words (after any hint it already had).
 */

/** The credit adjustment's amount field, with its hint, as the console renders it. */
const amountField = (error: string | undefined) =>
  renderToStaticMarkup(
    createElement(LabelledInput, {
      id: 'adjust-delta',
      label: 'Credits',
      name: 'delta',
      'aria-describedby': 'adjust-delta-hint',
      error,
    }),
  );

describe('a labelled control with a refusal', () => {
  it('shows the words under the control and describes the control by them', () => {
    const html = amountField('A whole number');
    expect(html).toContain('class="form-control is-invalid"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="adjust-delta-hint adjust-delta-error"');
    expect(html).toContain(
      '<div class="invalid-feedback d-block" id="adjust-delta-error">A whole number</div>',
    );
  });

  it('is a plain control, described by its hint alone, while nothing is refused', () => {
    const html = amountField(undefined);
    expect(html).not.toContain('is-invalid');
    expect(html).not.toContain('aria-invalid');
    expect(html).toContain('aria-describedby="adjust-delta-hint"');
    expect(html).not.toContain('invalid-feedback');
  });
});

describe('a compact labelled control', () => {
  it('keeps its label for screen readers only and is as small as its content', () => {
    const html = renderToStaticMarkup(
      createElement(LabelledSelect, { id: 'return-reason', label: 'Reason', compact: true }),
    );
    expect(html).toContain('<label class="visually-hidden" for="return-reason">Reason</label>');
    expect(html).toContain('class="form-select form-select-sm w-auto"');
  });
});
