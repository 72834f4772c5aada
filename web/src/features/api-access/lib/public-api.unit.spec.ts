import { PublicCandlesQuerySchema, PublicPricesQuerySchema } from '@xsd/contracts/api/prices-query';
import { describe, expect, it } from 'vitest';
import { API_PARAMETERS, apiExamples, publicApiBaseUrl } from './public-api';

describe('the developer page content', () => {
  it('builds the base URL from the origin the page is served from', () => {
    expect(publicApiBaseUrl('https://dash.example')).toBe('https://dash.example/api/v1');
    expect(publicApiBaseUrl('http://localhost:8080/')).toBe('http://localhost:8080/api/v1');
  });

  it('gives four example requests that the API itself accepts', () => {
    const examples = apiExamples('http://localhost:8080/api/v1');
    expect(examples).toHaveLength(4);
    for (const { command } of examples) {
      const url = new URL(command.match(/^curl "(.+)"$/)![1]);
      const query = Object.fromEntries(url.searchParams);
      const schema = url.pathname.endsWith('/candles') ? PublicCandlesQuerySchema : PublicPricesQuerySchema;
      expect(schema.safeParse(query).success, command).toBe(true);
    }
  });

  it("lists the spec's query parameters", () => {
    expect(API_PARAMETERS.map((p) => p.name)).toEqual(['token', 'chain', 'from', 'to', 'limit', 'interval']);
  });
});
