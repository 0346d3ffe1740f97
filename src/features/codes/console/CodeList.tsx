import { useEffect, useRef, useState, type SubmitEvent, type ReactNode } from 'react';
import { Field } from '../../shell/components/Field.tsx';
import type { IslandMessages, IslandTranslate } from '../../shell/island-i18n.ts';
import { failureText } from '../../staff/components/console-client.ts';
import { FailureAlert, TableScroller } from '../../staff/components/ConsoleTable.tsx';
import { LabelledSelect, SelectOptions } from '../../staff/components/LabelledControl.tsx';
import { useConsoleAction } from '../../staff/components/use-console-action.ts';
import { BusySubmit } from '../../staff/components/BusySubmit.tsx';
import { earlyText, useEarlyInput } from '../../staff/components/use-early-input.ts';

/*
 * What the discount and invite code pages share: a list per network with a picker, an error
 * region, a form whose failures land on its fields, and a table of codes that staff switch off.
 */

export interface CodeNetwork {
  id: string;
  /** Its sites: each id with the name staff read. */
  sites: ReadonlyArray<readonly [id: string, name: string]>;
}

/** What the page gives a codes island: its messages, and the networks whose codes it lists. */
export interface CodesIslandProps {
  messages: IslandMessages;
  networks: CodeNetwork[];
}

/** The messages the shared parts use, for the islands' message lists. */
export const CODE_LIST_MESSAGES = [
  'console.codes.network',
  'console.codes.site',
  'console.codes.every_site',
  'console.codes.status',
  'console.codes.active',
  'console.codes.disabled',
  'console.codes.disable',
  'console.busy',
  'error.try_later',
] as const;

/**
 * A list loaded again whenever `key` changes and after each action, and the state of the form
 * beside it: `act` runs an action, shows its failure (on the fields where it names them) and
 * answers whether it succeeded. `done` runs as soon as the action has succeeded, before the list
 * is loaded again: a form emptied only after that load would wipe what staff began to type for
 * the next one while it loaded.
 */
export function useActionList<T>(load: () => Promise<T>, key: string, t: IslandTranslate) {
  const [list, setList] = useState<T | null>(null);
  const { busy, error, setError, fields, run } = useConsoleAction(t);
  // Only the last load's answer is shown: an earlier one may come back after it.
  const lastLoad = useRef(0);

  const refresh = () => {
    const mine = ++lastLoad.current;
    return load()
      .then((loaded) => {
        if (mine === lastLoad.current) setList(loaded);
      })
      .catch((failure: unknown) => {
        if (mine === lastLoad.current) setError(failureText(failure, t));
      });
  };
  useEffect(() => {
    if (key) void refresh();
  }, [key]);

  const act = (action: () => Promise<unknown>, done?: () => void): Promise<boolean> =>
    run(async () => {
      await action();
      done?.();
      await refresh();
    });

  return { list, error, fields, busy, act, refresh };
}

/** useActionList for the chosen network's codes, with the network picked and its sites. */
export function useCodeList<T>(
  networks: readonly CodeNetwork[],
  load: (network: string) => Promise<T>,
  t: IslandTranslate,
) {
  const [network, setNetwork] = useState(networks[0]?.id ?? '');
  const sites = networks.find((n) => n.id === network)?.sites ?? [];
  /** A site of the network by its name; its id where it is not served here. */
  const siteName = (id: string) => sites.find(([site]) => site === id)?.[1] ?? id;
  return { network, setNetwork, sites, siteName, ...useActionList(() => load(network), network, t) };
}

/** A form's filled-in fields as strings (empty ones left out, so optional fields stay absent). */
function filledFields(form: HTMLFormElement): Record<string, string> {
  return Object.fromEntries(
    [...new FormData(form).entries()]
      .filter(([, v]) => String(v).trim() !== '')
      .map(([k, v]) => [k, String(v)]),
  );
}

/**
 * The error region (always there, so a screen reader announces a failure) and the network
 * picker, in a form of its own so that a network picked before the island ran is taken over.
 */
function NetworkHeader({
  id,
  t,
  error,
  networks,
  network,
  onNetwork,
}: {
  id: string;
  t: IslandTranslate;
  error: string;
  networks: readonly CodeNetwork[];
  network: string;
  onNetwork: (network: string) => void;
}) {
  const form = useRef<HTMLFormElement>(null);
  useEarlyInput(form, (early) => {
    const picked = earlyText(early, 'network');
    if (networks.some((n) => n.id === picked)) onNetwork(picked);
  });
  return (
    <>
      <FailureAlert error={error} />
      <form ref={form} onSubmit={(e) => e.preventDefault()}>
        <LabelledSelect
          id={id}
          label={t('console.codes.network')}
          controlClassName="form-select mb-3"
          name="network"
          value={network}
          onChange={(e) => onNetwork(e.target.value)}
        >
          <SelectOptions options={networks.map((n) => n.id)} />
        </LabelledSelect>
      </form>
    </>
  );
}

/** The form's site choice: one site of the network, or every site of it. */
export function SiteSelect({
  id,
  t,
  sites,
}: {
  id: string;
  t: IslandTranslate;
  sites: CodeNetwork['sites'];
}) {
  return (
    <LabelledSelect id={id} label={t('console.codes.site')} controlClassName="form-select mb-3" name="site">
      <option value="">{t('console.codes.every_site')}</option>
      <SelectOptions options={sites} />
    </LabelledSelect>
  );
}

/**
 * How often a code may be used: a whole number from 1, or nothing for no limit. `label` says what
 * a use is on its page (a purchase, a signup).
 */
export function MaxUsesField({ label, error }: { label: string; error: string | undefined }) {
  return <Field name="max_uses" type="number" min={1} label={label} error={error} />;
}

export interface CodeColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

/**
 * A table of codes: the given columns, then the status, then a button that switches an active
 * code off (none where `onDisable` is absent: a read-only list).
 */
export function CodeTable<Row extends { id: string; active: boolean }>({
  t,
  rows,
  columns,
  empty,
  busy = false,
  onDisable,
  testId,
  label,
}: {
  t: IslandTranslate;
  rows: readonly Row[] | null;
  columns: readonly CodeColumn<Row>[];
  empty: string;
  busy?: boolean;
  onDisable?: ((row: Row) => void) | undefined;
  testId?: string;
  /** The table's name, said when its scrolling box takes the focus. */
  label: string;
}) {
  if (rows === null) return <p>{t('console.busy')}</p>;
  if (rows.length === 0) return <p>{empty}</p>;
  return (
    <TableScroller label={label}>
      <table className="table table-sm align-middle" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header}>{c.header}</th>
            ))}
            <th>{t('console.codes.status')}</th>
            {onDisable && (
              <th>
                <span className="visually-hidden">{t('console.codes.disable')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {columns.map((c) => (
                <td key={c.header}>{c.cell(row)}</td>
              ))}
              <td>{row.active ? t('console.codes.active') : t('console.codes.disabled')}</td>
              {onDisable && (
                <td>
                  {row.active && (
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      disabled={busy}
                      onClick={() => onDisable(row)}
                    >
                      {t('console.codes.disable')}
                    </button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}

/** The form's last field, how long the code holds, and its submit button. */
function ValidUntilAndSubmit({
  label,
  error,
  submit,
  busy,
}: {
  label: string;
  error: string | undefined;
  submit: string;
  busy: boolean;
}) {
  return (
    <>
      <Field name="valid_until" type="date" label={label} error={error} />
      <BusySubmit busy={busy}>{submit}</BusySubmit>
    </>
  );
}

/** Uses, and the most there may be, where there is a most. */
export const usesOf = (uses: number, most: number | null) =>
  most === null ? `${uses}` : `${uses} / ${most}`;

/**
 * A codes page: the network picker and the list on the left; on the right the form, its fields,
 * how long the code holds and the submit button. `create` gets the filled-in fields; the form is
 * emptied when it succeeds. `adopt` takes over what fields kept in state held before the island
 * ran (see useEarlyInput).
 */
export function CodesPage({
  id,
  t,
  networks,
  codes,
  list,
  fields,
  create,
  validUntil,
  submit,
  adopt,
}: {
  id: string;
  t: IslandTranslate;
  networks: readonly CodeNetwork[];
  codes: Pick<ReturnType<typeof useCodeList>, 'network' | 'setNetwork' | 'error' | 'fields' | 'busy'>;
  list: ReactNode;
  fields: ReactNode;
  /** Creates from the form's fields; `emptyForm` once it is made (see `useActionList`'s `done`). */
  create: (data: Record<string, string>, emptyForm: () => void) => Promise<unknown>;
  validUntil: string;
  submit: string;
  adopt?: (early: FormData) => void;
}) {
  const form = useRef<HTMLFormElement>(null);
  useEarlyInput(form, (early) => adopt?.(early));
  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    await create(filledFields(form), () => form.reset());
  }
  return (
    <div className="row g-4">
      <div className="col-lg-8">
        <NetworkHeader
          id={`${id}-network`}
          t={t}
          error={codes.error}
          networks={networks}
          network={codes.network}
          onNetwork={codes.setNetwork}
        />
        {list}
      </div>
      <div className="col-lg-4">
        <form ref={form} onSubmit={(e) => void onSubmit(e)} noValidate>
          {fields}
          <ValidUntilAndSubmit
            label={validUntil}
            error={codes.fields.valid_until}
            submit={submit}
            busy={codes.busy}
          />
        </form>
      </div>
    </div>
  );
}
