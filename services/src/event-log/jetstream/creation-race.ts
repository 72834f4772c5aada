import { NatsError } from 'nats';
import { isTransientApiError } from './stream-setup.js';

/**
 * What the JetStream API answers a create that lost a race with another create of the same stream:
 * the name is taken (10058) or, on a standalone server, "subjects overlap with an existing stream"
 * (10065), the stream being its own twin made a moment earlier. Replicas that start together on a
 * new deployment (API, projector, notifier) meet this; seen in about 1 of 80 racing creates here.
 */
const LOST_CREATE_RACE = new Set([10058, 10065]);
const ATTEMPTS = 3;
const PAUSE_MS = 100;

/**
 * Runs a create-or-bind step (a stream, a key-value bucket, an object store) again when it lost a
 * race with another process creating the same thing: the second try finds it and binds. A real
 * conflict (another stream holding the subjects, a bucket configured otherwise) still fails, on the
 * last try, with the server's own error.
 */
export async function createOrBindRacing<T>(createOrBind: () => Promise<T>): Promise<T> {
  return again(createOrBind, (error) => {
    const code = error instanceof NatsError ? error.api_error?.err_code : undefined;
    return code !== undefined && LOST_CREATE_RACE.has(code);
  });
}

/**
 * Runs a request to a stream or bucket created a moment ago again when the server left it
 * unanswered (a timeout, no responders, a 503): just after a create a server may not answer
 * requests to the new stream for a moment (nats-server#6421). Replicas starting together on a new
 * deployment meet it; seen here once, a key bucket's first read racing its creation by another.
 */
export async function answeredOnceCreated<T>(request: () => Promise<T>): Promise<T> {
  return again(request, isTransientApiError);
}

async function again<T>(operation: () => Promise<T>, retried: (error: unknown) => boolean): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await operation();
    } catch (error) {
      if (!retried(error) || attempt === ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS * attempt));
    }
  }
}
