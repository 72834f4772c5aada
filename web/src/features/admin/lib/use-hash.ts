import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** The URL fragment, following every change (links, back/forward, typing it). */
export function useHash(): string {
  return useSyncExternalStore(subscribe, () => window.location.hash, () => '');
}
