import type { Metrics } from '../metrics/metrics.js';

export type MetricLabels = Readonly<Record<string, string>>;

/** Each series of a metric (a histogram's `_count` series only): its labels and value. */
export async function metricSeries(metrics: Metrics, name: string): Promise<{ labels: MetricLabels; value: number }[]> {
  const metric = metrics.registry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  const { values } = await metric.get();
  // A histogram's values are its buckets, sum and count, each named; a counter's or gauge's are not.
  return (values as { labels: Record<string, string | number>; value: number; metricName?: string }[])
    .filter((v) => v.metricName === undefined || v.metricName === `${name}_count`)
    .map((v) => ({ labels: Object.fromEntries(Object.entries(v.labels).map(([key, value]) => [key, String(value)])), value: v.value }));
}

/** The sum of a metric's series whose labels include `labels` (0 when none does). */
export async function metricValue(metrics: Metrics, name: string, labels: MetricLabels = {}): Promise<number> {
  const series = await metricSeries(metrics, name);
  return series
    .filter((s) => Object.entries(labels).every(([key, value]) => s.labels[key] === value))
    .reduce((sum, s) => sum + s.value, 0);
}
