import type { StreamEvent, StreamEventDataMap, StreamEventType } from '@xsd/contracts/api/stream';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { LiveStreamClient, type ConnectionState } from './stream-client';

type Listener<K extends StreamEventType> = (data: StreamEventDataMap[K]) => void;

interface LiveStreamApi {
  subscribe<K extends StreamEventType>(type: K, listener: Listener<K>): () => void;
  reconnect(): void;
}

const StateContext = createContext<ConnectionState>('closed');
const ApiContext = createContext<LiveStreamApi | null>(null);

export interface LiveStreamProviderProps {
  readonly url?: string;
  /** Called for every event before the per-type listeners (query invalidation lives here). */
  readonly onEvent?: (event: StreamEvent) => void;
  readonly children: ReactNode;
}

export function LiveStreamProvider({ url = '/api/stream', onEvent, children }: LiveStreamProviderProps) {
  const [state, setState] = useState<ConnectionState>('connecting');
  const listeners = useRef(new Map<StreamEventType, Set<(data: unknown) => void>>());
  const clientRef = useRef<LiveStreamClient | null>(null);
  const onEventRef = useRef(onEvent);
  useEffect(() => {
    onEventRef.current = onEvent;
  }, [onEvent]);

  useEffect(() => {
    if (typeof EventSource === 'undefined') {
      setState('closed');
      return;
    }
    const client = new LiveStreamClient({
      url,
      createSource: (source) => new EventSource(source),
      onStateChange: setState,
      onEvent: (event) => {
        onEventRef.current?.(event);
        listeners.current.get(event.type)?.forEach((listener) => listener(event.data));
      },
    });
    clientRef.current = client;
    client.start();
    const wake = () => {
      if (document.visibilityState === 'visible' && client.getState() !== 'connected') client.reconnect();
    };
    window.addEventListener('online', wake);
    document.addEventListener('visibilitychange', wake);
    return () => {
      window.removeEventListener('online', wake);
      document.removeEventListener('visibilitychange', wake);
      client.stop();
      clientRef.current = null;
    };
  }, [url]);

  const api = useMemo<LiveStreamApi>(
    () => ({
      subscribe(type, listener) {
        const set = listeners.current.get(type) ?? new Set();
        set.add(listener as (data: unknown) => void);
        listeners.current.set(type, set);
        return () => set.delete(listener as (data: unknown) => void);
      },
      reconnect() {
        clientRef.current?.reconnect();
      },
    }),
    [],
  );

  return (
    <ApiContext.Provider value={api}>
      <StateContext.Provider value={state}>{children}</StateContext.Provider>
    </ApiContext.Provider>
  );
}

export function useLiveStreamState(): ConnectionState {
  return useContext(StateContext);
}

export function useLiveStreamReconnect(): () => void {
  const api = useContext(ApiContext);
  return api?.reconnect ?? noop;
}

/** Calls `handler` for each live event of `type`; the latest handler is always used. */
export function useLiveEvent<K extends StreamEventType>(type: K, handler: Listener<K>): void {
  const api = useContext(ApiContext);
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  }, [handler]);
  useEffect(() => api?.subscribe(type, (data) => handlerRef.current(data)), [api, type]);
}

function noop(): void {}
