/* What a service refuses with: the tests read the error's code and status off it. */

/** The error of class `kind` that `promise` rejects with; fails when it resolves or rejects otherwise. */
export async function refusalOf<E extends Error>(
  kind: abstract new (...args: never[]) => E,
  promise: Promise<unknown>,
): Promise<E> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof kind) return error;
    throw error;
  }
  throw new Error(`expected a refusal (${kind.name})`);
}
