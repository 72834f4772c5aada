import { PUSH_MESSAGES } from '@xsd/contracts/api/alerts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api-client';
import { PushUnsuccessfulError } from '../api/send-news-push';
import { pushSendError } from './push-send';

describe('pushSendError', () => {
  it('names an authentication error for 401 and 403', () => {
    expect(pushSendError(new ApiError('Please sign in first.', 401, 'unauthorized'))).toBe(PUSH_MESSAGES.sendAuthFailed);
    expect(pushSendError(new ApiError('Your role does not allow this.', 403, 'forbidden'))).toBe(PUSH_MESSAGES.sendAuthFailed);
  });

  it('says not found for a 404: the item when the server says so, else the service', () => {
    expect(pushSendError(new ApiError('News item not found', 404, 'news_not_found'))).toBe('News item not found');
    expect(pushSendError(new ApiError('Request failed with status 404', 404, 'http_error'))).toBe(PUSH_MESSAGES.sendNotFound);
  });

  it('gives any other status with its text', () => {
    expect(pushSendError(new ApiError(PUSH_MESSAGES.newsNotPushable, 409, 'news_not_pushable'))).toBe(`HTTP 409: ${PUSH_MESSAGES.newsNotPushable}`);
    expect(pushSendError(new ApiError('Request failed with status 502', 502, 'http_error'))).toBe('HTTP 502: Request failed with status 502');
  });

  it('tells a body that is not the answer, a time-out and a network failure apart', () => {
    expect(pushSendError(new ApiError('Invalid response format from server', 200, 'invalid_body'))).toBe('Invalid response format from server');
    expect(pushSendError(new DOMException('Request timed out', 'TimeoutError'))).toBe(PUSH_MESSAGES.sendTimedOut);
    expect(pushSendError(new TypeError('Failed to fetch'))).toBe(PUSH_MESSAGES.sendNetworkFailed);
  });

  it("says 'Failed to send notification' for an unsuccessful send, with the error when there is one", () => {
    expect(pushSendError(new PushUnsuccessfulError(PUSH_MESSAGES.sendFailed))).toBe('Failed to send notification');
    expect(pushSendError(new Error('boom'))).toBe('Failed to send notification: boom');
  });
});
