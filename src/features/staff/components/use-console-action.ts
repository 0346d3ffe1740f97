import { useState } from 'react';
import type { IslandTranslate } from '../../shell/island-i18n.ts';
import { failureText, fieldTexts } from './console-client.ts';

/**
 * The state of a console form or action button around its request: busy while one is out, and
 * a refusal's words for the whole form and, where a 422 names fields, beside each of them.
 * `run` clears the last failure, awaits the action and answers whether it succeeded.
 */
export function useConsoleAction(t: IslandTranslate) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({});

  async function run(action: () => Promise<unknown>): Promise<boolean> {
    setBusy(true);
    setError('');
    setFields({});
    try {
      await action();
      return true;
    } catch (failure) {
      setError(failureText(failure, t));
      setFields(fieldTexts(failure));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, setError, fields, run };
}
