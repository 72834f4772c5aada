import { describe, expect, it } from 'vitest';
import { parseStreamEvent } from './stream.js';

describe('parseStreamEvent', () => {
  it('reads a price tick', () => {
    const data = { token_name: 'XSD', chain_name: 'BSC', price: 1.23, timestamp: '2025-06-01T00:00:00Z' };
    expect(parseStreamEvent('price', JSON.stringify(data))).toEqual({ type: 'price', data });
  });

  it('rejects a price that is not a positive number', () => {
    const data = { token_name: 'XSD', chain_name: 'BSC', price: 0, timestamp: '2025-06-01T00:00:00Z' };
    expect(parseStreamEvent('price', JSON.stringify(data))).toBeNull();
  });

  it('reads a silver tick', () => {
    const data = { price_per_gram: 1.0412, timestamp: '2025-06-01T00:00:00Z' };
    expect(parseStreamEvent('silver', JSON.stringify(data))).toEqual({ type: 'silver', data });
  });

  it('treats an empty news or chain payload as a refetch signal', () => {
    expect(parseStreamEvent('news', '{}')).toEqual({ type: 'news', data: {} });
    expect(parseStreamEvent('chain', '')).toEqual({ type: 'chain', data: {} });
  });

  it('reads the site settings and rejects a partial object', () => {
    const site = {
      maintenance_mode: true,
      maintenance_title: null,
      maintenance_message: 'Back soon',
      expected_up_time: '2025-06-01T02:00:00Z',
      updated_at: '2025-06-01T00:00:00Z',
    };
    expect(parseStreamEvent('site', JSON.stringify(site))).toEqual({ type: 'site', data: site });
    expect(parseStreamEvent('site', '{"maintenance_title":"x"}')).toBeNull();
  });

  it('ignores unknown names, malformed JSON and non-objects', () => {
    expect(parseStreamEvent('ping', '{}')).toBeNull();
    expect(parseStreamEvent('news', '{oops')).toBeNull();
    expect(parseStreamEvent('news', '[1,2]')).toBeNull();
  });
});
