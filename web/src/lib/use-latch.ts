import { useState } from 'react';

/**
 * True from the first render where `on` is true, and ever after: a dialog whose code loads on
 * first use is mounted when it first opens and then kept, so its closing (and the focus it hands
 * back) stays its own.
 */
export function useLatch(on: boolean): boolean {
  const [latched, setLatched] = useState(on);
  if (on && !latched) setLatched(true);
  return latched || on;
}
