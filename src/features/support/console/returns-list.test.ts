import { describe, expect, it } from 'vitest';
import { readReturnsList } from './returns-list.ts';

describe('readReturnsList', () => {
  it('reads order id and reason code per line, whatever the separator', () => {
    expect(
      readReturnsList(
        'end_to_end_id;reason\no1aaaaaaaaaaaaaa;AC04\r\n\n"o2aaaaaaaaaaaaaa",md06\no3 AM04\to4',
      ),
    ).toEqual({
      returns: [
        { order: 'o1aaaaaaaaaaaaaa', reason: 'AC04' },
        { order: 'o2aaaaaaaaaaaaaa', reason: 'MD06' },
      ],
      unread: [1, 5],
    });
  });

  it('refuses unknown codes and counts an order once', () => {
    expect(readReturnsList('o1,XX01\no2,AC04\no2,AC04')).toEqual({
      returns: [{ order: 'o2', reason: 'AC04' }],
      unread: [1],
    });
  });
});
