import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { api } from '../../staff/components/console-client.ts';
import { DECISION_KIND_MESSAGES, decisionKindText } from './decision-kinds.ts';
import { ConsoleList, LoadingLine } from '../../staff/components/ConsoleTable.tsx';
import { useLoadedList } from '../../staff/components/use-filtered-list.ts';

export const DECISION_LIST_MESSAGES = [
  'console.sanctions.list',
  'console.sanctions.empty',
  'console.sanctions.loading',
  'console.sanctions.when',
  'console.sanctions.by',
  'console.sanctions.kind',
  'console.sanctions.member',
  'console.sanctions.ground',
  'console.sanctions.status',
  'console.sanctions.lifted',
  ...DECISION_KIND_MESSAGES,
  'console.audit.network',
  'error.try_later',
] as const;

/** The newest decisions of the staff member's networks. */
export default function DecisionList({ messages }: { messages: IslandMessages }) {
  const t = islandTranslator(messages);
  const list = useLoadedList(async () => (await api('GET /console/api/sanctions.php')).decisions, t);

  return (
    <div>
      <ConsoleList
        caption={t('console.sanctions.list')}
        rowKey={(d) => d.id}
        columns={[
          {
            header: t('console.sanctions.when'),
            className: 'text-nowrap',
            cell: (d) => <time dateTime={d.decided_at}>{d.decided_at.replace('T', ' ').slice(0, 16)}</time>,
          },
          { header: t('console.audit.network'), cell: (d) => d.network },
          { header: t('console.sanctions.member'), className: 'text-break', cell: (d) => d.member ?? '—' },
          {
            header: t('console.sanctions.kind'),
            cell: (d) => (
              <>
                {decisionKindText(t, d.kind)}
                {d.until && (
                  <span className="text-body-secondary"> → {d.until.slice(0, 16).replace('T', ' ')}</span>
                )}
              </>
            ),
          },
          { header: t('console.sanctions.ground'), className: 'text-break', cell: (d) => d.ground },
          { header: t('console.sanctions.by'), className: 'text-nowrap', cell: (d) => d.decided_by },
          {
            header: t('console.sanctions.status'),
            cell: (d) => (
              <>
                {d.lifted_at ? t('console.sanctions.lifted') : ''} <code>{d.dsa_status}</code>
              </>
            ),
          },
        ]}
        list={list}
        loading={<LoadingLine text={t('console.sanctions.loading')} />}
        empty={t('console.sanctions.empty')}
      />
    </div>
  );
}
