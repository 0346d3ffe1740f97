import type { ReactNode } from 'react';
import { CheckField } from '../../shell/components/CheckField.tsx';

/**
 * A choice of one among a few, as radio buttons under a legend. A radio's id is `idPrefix`, a
 * dash and its value; `name` is for a choice the form also sends.
 */
export function ChoiceFieldset<Value extends string>({
  legend,
  idPrefix,
  name,
  inline = false,
  choices,
  value,
  onChange,
}: {
  legend: string;
  idPrefix: string;
  name?: string;
  /** Side by side rather than one under the other. */
  inline?: boolean;
  choices: readonly (readonly [value: Value, label: ReactNode])[];
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">{legend}</legend>
      {choices.map(([choice, label]) => (
        <CheckField
          key={choice}
          id={`${idPrefix}-${choice}`}
          label={label}
          className={inline ? 'form-check-inline' : undefined}
          type="radio"
          name={name}
          value={choice}
          checked={value === choice}
          onChange={() => onChange(choice)}
        />
      ))}
    </fieldset>
  );
}
