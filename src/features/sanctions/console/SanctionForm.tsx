import { useRef, useState, type SubmitEvent } from 'react';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { api } from '../../staff/components/console-client.ts';
import { FailureAlert } from '../../staff/components/ConsoleTable.tsx';
import { useConsoleAction } from '../../staff/components/use-console-action.ts';
import type { GroundType, SanctionKind } from '../sanctions.schemas.ts';
import { ChoiceFieldset } from '../../staff/components/ChoiceFieldset.tsx';
import {
  LabelledInput,
  LabelledSelect,
  LabelledTextarea,
  SelectOptions,
} from '../../staff/components/LabelledControl.tsx';
import { TitledSection } from '../../staff/components/TitledSection.tsx';
import { BusySubmit } from '../../staff/components/BusySubmit.tsx';
import { earlyChoice, earlyText, useEarlyInput } from '../../staff/components/use-early-input.ts';

export const SANCTION_FORM_MESSAGES = [
  'console.audit.network',
  'console.sanctions.member',
  'console.sanctions.kind',
  'console.sanctions.kind_warn',
  'console.sanctions.kind_suspend',
  'console.sanctions.kind_ban',
  'console.sanctions.until',
  'console.sanctions.facts',
  'console.sanctions.ground_type',
  'console.sanctions.ground_illegal',
  'console.sanctions.ground_terms',
  'console.sanctions.ground',
  'console.sanctions.preview',
  'console.sanctions.submit',
  'console.sanctions.done',
  'sanctions.mail.decision.warn',
  'sanctions.mail.decision.suspend',
  'sanctions.mail.decision.ban',
  'sanctions.mail.scope',
  'sanctions.mail.facts',
  'sanctions.mail.ground_illegal',
  'sanctions.mail.ground_terms',
  'sanctions.mail.automated',
  'sanctions.mail.redress',
  'error.try_later',
] as const;

const KINDS: SanctionKind[] = ['warn', 'suspend', 'ban'];
const GROUND_TYPES: GroundType[] = ['terms', 'illegal'];

/**
 * A sanction of a member: the decision, its date for a suspension, the facts and the ground,
 * with the statement of reasons shown as the member will read it (in the console's language).
 */
export default function SanctionForm({
  messages,
  networks,
  member,
  report,
}: {
  messages: IslandMessages;
  networks: string[];
  member: string;
  report: string;
}) {
  const t = islandTranslator(messages);
  const [kind, setKind] = useState<SanctionKind>('warn');
  const [until, setUntil] = useState('');
  const [facts, setFacts] = useState('');
  const [groundType, setGroundType] = useState<GroundType>('terms');
  const [ground, setGround] = useState('');
  const { busy, error, fields, run } = useConsoleAction(t);
  const [done, setDone] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  /**
   * A typed field's control, all by the name the endpoint takes it under: its id, its label,
   * and the words of the server's refusal of it.
   */
  const control = (name: 'member' | 'until' | 'facts' | 'ground') => ({
    id: `sanction-${name}`,
    label: t(`console.sanctions.${name}`),
    className: 'mb-3',
    name,
    error: fields[name],
  });

  // What the moderator chose or typed before the island ran.
  useEarlyInput(form, (early) => {
    setKind(earlyChoice(early, 'kind', KINDS, 'warn'));
    setUntil(earlyText(early, 'until'));
    setFacts(earlyText(early, 'facts'));
    setGroundType(earlyChoice(early, 'ground_type', GROUND_TYPES, 'terms'));
    setGround(earlyText(early, 'ground'));
  });

  // What the member's statement will hold but the form does not know yet, or not yet given: an
  // omission mark in brackets, so that the sentence's own full stop does not read as part of it.
  const unknown = '[…]';
  const site = unknown;
  const decision =
    kind === 'suspend'
      ? t('sanctions.mail.decision.suspend', { site, date: until || unknown })
      : t(kind === 'ban' ? 'sanctions.mail.decision.ban' : 'sanctions.mail.decision.warn', { site });
  const preview = [
    decision,
    t('sanctions.mail.scope', { site }),
    t('sanctions.mail.facts', { facts: facts || unknown }),
    t(groundType === 'illegal' ? 'sanctions.mail.ground_illegal' : 'sanctions.mail.ground_terms', {
      ground: ground || unknown,
    }),
    t('sanctions.mail.automated'),
    t('sanctions.mail.redress'),
  ];

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    await run(async () => {
      await api('POST /console/api/sanctions.php', {
        network: String(data.get('network')),
        member: String(data.get('member')).trim(),
        kind,
        ...(kind === 'suspend' && until && { until: new Date(until).toISOString() }),
        facts,
        ground_type: groundType,
        ground,
        ...(report && { reports: [report] }),
      });
      setDone(true);
    });
  }

  if (done)
    return (
      <div className="alert alert-success" role="status" id="sanction-done">
        {t('console.sanctions.done')}
      </div>
    );

  return (
    <div className="row g-4">
      <form ref={form} className="col-12 col-lg-6" onSubmit={submit} noValidate>
        <FailureAlert error={error} />
        <LabelledSelect
          id="sanction-network"
          label={t('console.audit.network')}
          className="mb-3"
          name="network"
        >
          <SelectOptions options={networks} />
        </LabelledSelect>
        <LabelledInput {...control('member')} defaultValue={member} required />
        <ChoiceFieldset
          legend={t('console.sanctions.kind')}
          idPrefix="sanction-kind"
          name="kind"
          inline
          choices={KINDS.map((k) => [k, t(`console.sanctions.kind_${k}`)])}
          value={kind}
          onChange={setKind}
        />
        {kind === 'suspend' && (
          <LabelledInput
            {...control('until')}
            type="datetime-local"
            value={until}
            onChange={(e) => setUntil(e.target.value)}
            required
          />
        )}
        <LabelledTextarea
          {...control('facts')}
          rows={5}
          value={facts}
          onChange={(e) => setFacts(e.target.value)}
          required
        />
        <ChoiceFieldset
          legend={t('console.sanctions.ground_type')}
          idPrefix="sanction-ground"
          name="ground_type"
          inline
          choices={[
            ['terms', t('console.sanctions.ground_terms')],
            ['illegal', t('console.sanctions.ground_illegal')],
          ]}
          value={groundType}
          onChange={setGroundType}
        />
        <LabelledInput
          {...control('ground')}
          value={ground}
          onChange={(e) => setGround(e.target.value)}
          required
        />
        <BusySubmit busy={busy} className="btn btn-danger">
          {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {t('console.sanctions.submit')}
        </BusySubmit>
      </form>
      <TitledSection id="sanction-preview" title={t('console.sanctions.preview')} className="col-12 col-lg-6">
        <div className="border rounded p-3 bg-body-tertiary">
          {preview.map((p, i) => (
            <p key={i} className={i === preview.length - 1 ? 'mb-0' : undefined}>
              {p}
            </p>
          ))}
        </div>
      </TitledSection>
    </div>
  );
}
