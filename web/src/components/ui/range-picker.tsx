import './range-picker.css';

export interface RangeOption<T extends number> {
  readonly days: T;
  readonly label: string;
}

export interface RangePickerProps<T extends number> {
  readonly options: readonly RangeOption<T>[];
  readonly value: T;
  readonly onChange: (days: T) => void;
  /** Names the group for screen readers ('Base chart range'). */
  readonly label: string;
}

/** A row of toggle buttons choosing a chart range (24h / 7d / 30d, 1D ... 90D). */
export function RangePicker<T extends number>({ options, value, onChange, label }: RangePickerProps<T>) {
  return (
    <div className="range-picker" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.days}
          type="button"
          className="range-picker__button"
          aria-pressed={value === option.days}
          onClick={() => onChange(option.days)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
