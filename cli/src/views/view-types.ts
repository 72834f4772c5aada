import type { Tone } from '../theme.js';

/** A table cell as text with what its colour means. */
export interface ViewCell {
  readonly text: string;
  readonly tone?: Tone;
  readonly align?: 'left' | 'right';
}

export interface ViewRow {
  readonly key: string;
  readonly cells: readonly ViewCell[];
}

/** A label / value line. */
export interface ViewField {
  readonly label: string;
  readonly value: string;
  readonly tone: Tone;
}
