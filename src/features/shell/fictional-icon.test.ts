import { describe, expect, it } from 'vitest';
import { fictionalIconShape, ICON_SLOT, splitAtIcon } from './fictional-icon.ts';

describe('fictionalIconShape', () => {
  it('draws each marker the demo sites configure, and a drawing for any other', () => {
    const masks = fictionalIconShape('🎭').path;
    const sparkles = fictionalIconShape('✨').path;
    expect(masks).toMatch(/^M[\d\s.,MmZzLlHhVvAaCc-]+$/);
    expect(sparkles).not.toBe(masks);
    expect(fictionalIconShape('✨\uFE0F').path).toBe(sparkles);
    // A marker without a drawing of its own is still drawn: the label is never an empty box.
    expect(fictionalIconShape('🦄').path).toBe(masks);
  });
});

describe('splitAtIcon', () => {
  it('cuts a sentence where the marker goes', () => {
    expect(splitAtIcon(`Profiles marked with ${ICON_SLOT} are run by us.`)).toEqual([
      'Profiles marked with ',
      ' are run by us.',
    ]);
    expect(splitAtIcon('No marker here.')).toEqual(['No marker here.']);
  });
});
