import { describe, expect, it } from 'vitest';
import { captureLogs } from '../testing/log-capture.js';
import { completedRequestLine, REQUEST_COMPLETED, requestLineWriter } from './request-log.js';

/** The line without its time, which moves between two writes. */
const timeless = (line: string) => line.replace(/,"time":"[^"]*"/, ',"time":"-"');

const REQUESTS = [
  ['0199c0de-7a1b-7c2d-8e3f-405162738495', 'GET', '/api/prices/latest', 200, 0.04],
  ['edge-7f3a:01', 'GET', '/api/news/:id', 304, 12.345],
  ['a "quoted" \\ id', 'POST', '/api/contact', 429, 1234.56],
  ['0199c0de-0000-7000-8000-000000000000', 'DELETE', 'unmatched', 404, 0],
] as const;

describe('requestLineWriter', () => {
  it("writes, byte for byte, the line pino's logger.info writes for the same request", () => {
    const logs = captureLogs({ role: 'api' });
    const http = logs.logger.child({ context: 'Http' });
    const writeLine = requestLineWriter(http);

    for (const [reqId, method, route, status, elapsedMs] of REQUESTS) {
      http.info({ reqId, ...completedRequestLine(method, route, status, elapsedMs) }, REQUEST_COMPLETED);
      writeLine(reqId, method, route, status, elapsedMs);
    }

    expect(logs.lines).toHaveLength(REQUESTS.length * 2);
    for (let i = 0; i < logs.lines.length; i += 2) expect(timeless(logs.lines[i + 1]!)).toBe(timeless(logs.lines[i]!));
    expect(logs.entries()[5]).toEqual({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      role: 'api',
      context: 'Http',
      reqId: 'a "quoted" \\ id',
      method: 'POST',
      route: '/api/contact',
      status: 429,
      durationMs: 1234.6,
      msg: 'request completed',
    });
  });

  it('writes nothing while the level is above info, and again once it is lowered', () => {
    const logs = captureLogs({ level: 'warn' });
    const writeLine = requestLineWriter(logs.logger);

    writeLine('first', 'GET', '/api/site', 200, 1);
    logs.logger.level = 'info';
    writeLine('second', 'GET', '/api/site', 200, 1);

    expect(logs.entries().map((entry) => entry.reqId)).toEqual(['second']);
  });

  it('reads as the other request lines on a terminal', () => {
    const logs = captureLogs({ pretty: true });

    requestLineWriter(logs.logger.child({ context: 'Http' }))('id', 'GET', '/api/chains', 200, 2.25);

    expect(logs.lines).toEqual([expect.stringMatching(/INFO.*\[Http\] GET \/api\/chains 200 2\.3 ms/)]);
  });
});
