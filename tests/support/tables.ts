import { expect, it } from 'vitest';

/**
 * A pure function checked against a table of `[input, expected]` rows, one test a row, so that
 * each row that fails is reported by itself. `title` names a row (vitest's `%s`/`%j` take the
 * input, then the expected value).
 */
export function itMaps<Input, Output>(
  fn: (input: Input) => Output,
  table: ReadonlyArray<readonly [Input, Output]>,
  title = '%j → %j',
): void {
  it.each(table)(title, (input, expected) => {
    expect(fn(input)).toEqual(expected);
  });
}
