import { describe, expect, it } from 'vitest';
import { SseParser } from './sse.js';

describe('SseParser', () => {
  it('reads named events with their data, dispatched by a blank line', () => {
    const parser = new SseParser();
    expect(parser.push('event: price\ndata: {"a":1}\n\nevent: ping\ndata: {}\n\n')).toEqual([
      { event: 'price', data: '{"a":1}' },
      { event: 'ping', data: '{}' },
    ]);
  });

  it('joins a message split across chunks, whatever the line ends', () => {
    const parser = new SseParser();
    expect(parser.push('event: sil')).toEqual([]);
    expect(parser.push('ver\r\ndata: {"price_per_gram":1}\r')).toEqual([]);
    expect(parser.push('\n\r\n')).toEqual([{ event: 'silver', data: '{"price_per_gram":1}' }]);
  });

  it('joins several data lines, skips comments and defaults the name to message', () => {
    const parser = new SseParser();
    expect(parser.push(': keep-alive\ndata: one\ndata:two\n\n')).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });

  it('dispatches nothing for an event name without data', () => {
    const parser = new SseParser();
    expect(parser.push('event: site\n\ndata: x\n\n')).toEqual([{ event: 'message', data: 'x' }]);
  });
});
