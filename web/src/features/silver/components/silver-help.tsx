import { useEffect, useId, useRef, useState } from 'react';

/** Tips of the help popover; the first 3 are shown, 'Show N more tips' expands the rest. */
export const SILVER_TIPS = [
  'XSD is pegged to one gram of silver: this page is its reference price.',
  'The price comes from the Chainlink XAG/USD feed on Ethereum, divided by 31.1034768 grams per troy ounce.',
  'Pick 1D, 7D, 30D or 90D to change the range; the stat cards follow the range.',
  'From 7 days on, a dashed trend line shows the direction of the range.',
  'From 30 days on, a moving average of the last 5 points smooths the line.',
  'The data quality tells how many points the range holds: more points, better picture.',
  'Refresh reads the newest price now; the page also updates live as new prices arrive.',
] as const;

const FIRST_TIPS = 3;

/** A '?' button with the page's tips in a popover; Escape or a click outside closes it. */
export function SilverHelp() {
  const [open, setOpen] = useState(false);
  const [all, setAll] = useState(false);
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onClick = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('mousedown', onClick);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  const shown = all ? SILVER_TIPS : SILVER_TIPS.slice(0, FIRST_TIPS);
  const more = SILVER_TIPS.length - FIRST_TIPS;
  return (
    <div className="help" ref={ref}>
      <button
        type="button"
        className="btn btn--small"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        data-testid="silver-help"
      >
        [?] Help
      </button>
      {open ? (
        <div className="help__popover" id={id} role="dialog" aria-label="Silver price tips">
          <ul className="help__tips">
            {shown.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
          {!all && more > 0 ? (
            <button type="button" className="btn btn--small" onClick={() => setAll(true)}>
              Show {more} more tips
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
