/**
 * Assertions on the API's refusals (API.md "Errors"): the status and the body are checked in one
 * comparison, so a failure shows both, the body that explains an unexpected status included.
 */
import { expect } from 'vitest';
import type { TestResponse } from './server.ts';

/** The JSON body, or the text where the body is not JSON (an HTML error page, an empty body). */
function bodyOf(response: TestResponse): unknown {
  try {
    return response.json();
  } catch {
    return response.body;
  }
}

/** A refusal with this status and this `error` code. */
export function expectError(response: TestResponse, status: number, error: string): void {
  expect({ status: response.status, body: bodyOf(response) }).toEqual({
    status,
    body: expect.objectContaining({ error }),
  });
}

/** A 422 whose `fields` are exactly these field codes. */
export function expectFieldErrors(response: TestResponse, fields: Record<string, string>): void {
  expect({ status: response.status, body: bodyOf(response) }).toEqual({
    status: 422,
    body: expect.objectContaining({ fields }),
  });
}
