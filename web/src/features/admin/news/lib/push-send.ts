import { PUSH_MESSAGES } from '@xsd/contracts/api/alerts';
import { ApiError, serverMessage } from '../../../../lib/api-client';

/**
 * The send action's failure in the spec's words (admin-and-data §8, Push send): 404 not found,
 * 401 / 403 an authentication error, another status with its text, a body that is not the answer,
 * the 30 s time-out, a network failure, or 'Failed to send notification' with the error.
 */
export function pushSendError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'invalid_body') return PUSH_MESSAGES.invalidResponse;
    if (error.status === 401 || error.status === 403) return PUSH_MESSAGES.sendAuthFailed;
    // The item itself gone (deleted in another tab) says so; a 404 without our error body is the route missing.
    if (error.status === 404) return serverMessage(error) ?? PUSH_MESSAGES.sendNotFound;
    return `HTTP ${error.status}: ${error.message}`;
  }
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) return PUSH_MESSAGES.sendTimedOut;
  // fetch rejects with a TypeError when the server cannot be reached at all.
  if (error instanceof TypeError) return PUSH_MESSAGES.sendNetworkFailed;
  if (error instanceof Error && error.message === PUSH_MESSAGES.sendFailed) return PUSH_MESSAGES.sendFailed;
  return `${PUSH_MESSAGES.sendFailed}: ${error instanceof Error ? error.message : String(error)}`;
}
