import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { SeriesHistogram } from './series-histogram.js';

const BUCKETS = [0.001, 0.01, 0.1, 1];
const OBSERVATIONS = [
  [{ method: 'GET', route: '/api/prices/latest', status_class: '2xx' }, 0.0004],
  [{ method: 'GET', route: '/api/prices/latest', status_class: '2xx' }, 0.001],
  [{ method: 'GET', route: '/api/prices/latest', status_class: '2xx' }, 0.05],
  [{ method: 'POST', route: '/api/contact', status_class: '4xx' }, 3.5],
  [{ method: 'GET', route: 'a "quoted"\\route\n', status_class: '2xx' }, 0.2],
] as const;

function pair() {
  const config = { name: 'requests_seconds', help: 'Requests.', labelNames: ['method', 'route', 'status_class'] as const, buckets: BUCKETS };
  const reference = new Registry();
  const ours = new Registry();
  return {
    reference,
    ours,
    histogram: new Histogram({ ...config, registers: [reference] }),
    series: new SeriesHistogram({ ...config, registry: ours }),
  };
}

describe('SeriesHistogram', () => {
  it("scrapes as the same text as prom-client's Histogram after the same observations", async () => {
    const { reference, ours, histogram, series } = pair();

    for (const [labels, value] of OBSERVATIONS) {
      histogram.observe(labels, value);
      series.observer(labels)(value);
    }

    const text = await ours.metrics();
    expect(text).toBe(await reference.metrics());
    expect(text).toContain('requests_seconds_bucket{le="0.001",method="GET",route="/api/prices/latest",status_class="2xx"} 2');
    expect(text).toContain('requests_seconds_bucket{le="+Inf",method="POST",route="/api/contact",status_class="4xx"} 1');
    expect(text).toContain('requests_seconds_count{method="GET",route="/api/prices/latest",status_class="2xx"} 3');
  });

  it('counts through an observer kept across a reset, as through observe', async () => {
    const { reference, ours, histogram, series } = pair();
    const labels = { method: 'GET', route: '/api/site', status_class: '2xx' };
    const kept = series.observer(labels);
    kept(0.5);
    series.observe(labels, 0.7);

    series.reset();
    kept(0.002);
    series.observe(labels, 2);
    histogram.observe(labels, 0.002);
    histogram.observe(labels, 2);

    expect(await ours.metrics()).toBe(await reference.metrics());
    // The values tests read (testing/metric-values), without prom-client's exemplar slots.
    const values = async (registry: Registry) =>
      (await registry.getSingleMetric('requests_seconds')!.get()).values.map(({ labels, value, metricName }) => ({ labels, value, metricName }));
    expect(await values(ours)).toEqual(await values(reference));
  });
});
