import { describe, expect, it } from 'vitest';
import { sequenceTypes } from './payments.collection.ts';

describe('sequenceTypes', () => {
  it('is FRST for the first debit ever collected under a mandate, RCUR after', () => {
    const debits = [
      { reference: 'a', sequence_type: null },
      { reference: 'b', sequence_type: null },
      { reference: 'a', sequence_type: null },
      { reference: 'c', sequence_type: null },
    ];
    expect(sequenceTypes(debits, new Set(['c']))).toEqual(['FRST', 'FRST', 'RCUR', 'RCUR']);
  });

  it('repeats what a debit went out with before, and counts it as collected', () => {
    const debits = [
      { reference: 'a', sequence_type: 'FRST' as const },
      { reference: 'a', sequence_type: null },
      { reference: 'b', sequence_type: 'RCUR' as const },
    ];
    expect(sequenceTypes(debits, new Set())).toEqual(['FRST', 'RCUR', 'RCUR']);
  });
});
