import type { ReactNode } from 'react';

export interface OptionsProps<TValue extends string | number> {
  readonly values: readonly TValue[];
  /** The text of a value's option; the value itself by default. */
  readonly label?: (value: TValue) => ReactNode;
}

/** A select's options, one per value. */
export function Options<TValue extends string | number>({ values, label = (value) => value }: OptionsProps<TValue>) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
    </>
  );
}
