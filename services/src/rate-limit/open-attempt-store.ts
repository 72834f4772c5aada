import type { AppConfig } from '../config/config.js';
import type { AttemptStore } from './attempt-store.js';
import { JetStreamAttemptStore } from './jetstream-attempt-store.js';
import { MemoryAttemptStore } from './memory-attempt-store.js';

/** The deployment's bucket: one per event stream, so deployments (and tests) sharing a NATS server count apart. */
export function attemptBucket(stream: string): string {
  return `${stream}_SIGN_IN_ATTEMPTS`;
}

/**
 * NATS_URL set: the JetStream bucket every API replica shares; unset: this process's memory, which
 * is the whole deployment in the embedded mode. `ttlMs` is the longest window counted.
 */
export async function openAttemptStore(config: AppConfig, ttlMs: number): Promise<AttemptStore> {
  if (config.natsUrl) {
    return JetStreamAttemptStore.connect({
      servers: config.natsUrl.split(',').map((url) => url.trim()),
      bucket: attemptBucket(config.stream),
      replicas: config.streamReplicas,
      ttlMs,
    });
  }
  return new MemoryAttemptStore();
}
