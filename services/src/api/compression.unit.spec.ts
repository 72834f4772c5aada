import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { shouldCompress } from './compression.js';

const request = (path: string) => ({ path, headers: {} }) as unknown as Request;
const response = (contentType: string) =>
  ({ getHeader: (name: string) => (name.toLowerCase() === 'content-type' ? contentType : undefined) }) as unknown as Response;

describe('shouldCompress', () => {
  it('compresses JSON answers and the web app', () => {
    expect(shouldCompress(request('/api/prices/latest'), response('application/json; charset=utf-8'))).toBe(true);
    expect(shouldCompress(request('/assets/index-3f2a9c.js'), response('text/javascript; charset=utf-8'))).toBe(true);
    expect(shouldCompress(request('/'), response('text/html; charset=utf-8'))).toBe(true);
  });

  it('never compresses the event stream, by its path or by its type', () => {
    expect(shouldCompress(request('/api/stream'), response('text/event-stream'))).toBe(false);
    expect(shouldCompress(request('/api/stream'), response('application/json'))).toBe(false);
    expect(shouldCompress(request('/api/other-stream'), response('text/event-stream; charset=utf-8'))).toBe(false);
  });

  it('leaves what does not compress to the default (images are compressed already)', () => {
    expect(shouldCompress(request('/assets/logo.png'), response('image/png'))).toBe(false);
  });
});
