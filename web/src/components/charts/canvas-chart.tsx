/**
 * A Chart.js chart in the terminal palette: how the app draws its charts (silver, wallet checker,
 * admin analytics), each from its own lazily loaded chunk that registers only the controllers,
 * elements and scales it draws. Chart.js (about 63 KB gzipped for all three) replaced ag-charts,
 * whose module registry still left about 376 KB gzipped: its one-file build does not tree-shake.
 *
 * Under the page's Content-Security-Policy: Chart.js draws everything, tooltips and legend
 * included, on the canvas and adds no `<style>` element; it sizes the canvas through the
 * element's style property (CSSOM), which the policy allows, as it does React's `style`.
 */
import { Chart, Legend, Tooltip, type ChartConfiguration, type ChartType } from 'chart.js';
import { useEffect, useRef } from 'react';
import './canvas-chart.css';

export const CHART_COLOURS = { text: '#c9d1db', line: '#2b3542', panel: '#151a23' } as const;
/** Axis borders: Chart.js draws the axis line from an axis's `border` and reads its grid's dash there. */
export const BASE_LINE = { display: true, color: CHART_COLOURS.text };
export const NO_LINE = { display: false };
export const DOTTED = [2, 4];

Chart.register(Tooltip, Legend);
Chart.defaults.font.family = "'JetBrains Mono', ui-monospace, monospace";
Chart.defaults.font.size = 12;
Chart.defaults.color = CHART_COLOURS.text;
Chart.defaults.borderColor = CHART_COLOURS.line;
// No motion at all (hover transitions included): the charts never animated, and a visitor who
// prefers reduced motion gets none.
Chart.defaults.animation = false;
Chart.defaults.maintainAspectRatio = false;
// Axis labels beside the plot, without tick marks.
Chart.defaults.scale.grid.drawTicks = false;
Chart.defaults.scale.ticks.padding = 8;
Object.assign(Chart.defaults.plugins.tooltip, {
  backgroundColor: CHART_COLOURS.panel,
  borderColor: CHART_COLOURS.line,
  borderWidth: 1,
  cornerRadius: 0,
  titleColor: CHART_COLOURS.text,
  bodyColor: CHART_COLOURS.text,
  padding: 8,
});
Object.assign(Chart.defaults.plugins.legend.labels, { boxWidth: 12, boxHeight: 12 });

export interface CanvasChartProps<T extends ChartType> {
  /** Memoised by the caller: a new object draws the chart again. */
  readonly config: ChartConfiguration<T>;
  /** CSS pixels; the width follows the container. */
  readonly height: number;
}

export function CanvasChart<T extends ChartType>({ config, height }: CanvasChartProps<T>) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const chart = new Chart(canvas.current!, config);
    return () => chart.destroy();
  }, [config]);
  return (
    <div className="canvas-chart" style={{ height }}>
      <canvas ref={canvas} />
    </div>
  );
}
