import type { PriceStreamData } from '@xsd/contracts/api/stream';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveEvent } from '../../../lib/live-stream/live-stream-provider';
import { createPriceAnnouncer, type PriceAnnouncer } from '../lib/price-announcements';

/**
 * Live price changes for screen readers: a polite live region, always present (a region added
 * with its text is not read), given a summary of the readings at most once a minute.
 */
export function LivePriceAnnouncer() {
  const [text, setText] = useState('');
  const announcer = useRef<PriceAnnouncer | null>(null);
  useEffect(() => {
    announcer.current = createPriceAnnouncer(setText);
    return () => announcer.current?.stop();
  }, []);
  const onPrice = useCallback((row: PriceStreamData) => announcer.current?.add(row), []);
  useLiveEvent('price', onPrice);
  return (
    <p className="sr-only" aria-live="polite" data-testid="price-announcer">
      {text}
    </p>
  );
}
