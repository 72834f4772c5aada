import './sparkline.css';

export interface SparklinePoint {
  readonly timestamp: string;
  readonly price: number;
}

export const SPARKLINE_WIDTH = 120;
export const SPARKLINE_HEIGHT = 60;
/** Dots are drawn when there are fewer points than this. */
export const SPARKLINE_DOTS_BELOW = 15;
const PAD = 4;

/** x / y of each point inside the 120 x 60 box (time on x, price on y, higher is up). */
export function sparklineCoordinates(points: readonly SparklinePoint[]): Array<{ x: number; y: number }> {
  const usable = points.filter((p) => Number.isFinite(p.price));
  if (usable.length === 0) return [];
  const times = usable.map((p) => Date.parse(p.timestamp));
  const prices = usable.map((p) => p.price);
  const [t0, t1] = [Math.min(...times), Math.max(...times)];
  const [p0, p1] = [Math.min(...prices), Math.max(...prices)];
  const w = SPARKLINE_WIDTH - 2 * PAD;
  const h = SPARKLINE_HEIGHT - 2 * PAD;
  return usable.map((point, i) => ({
    x: PAD + (t1 > t0 ? ((times[i]! - t0) / (t1 - t0)) * w : w / 2),
    y: PAD + (p1 > p0 ? (1 - (point.price - p0) / (p1 - p0)) * h : h / 2),
  }));
}

/** A 120 x 60 line of prices; dots under 15 points; colour by direction over the range. */
export function Sparkline({ points, label }: { readonly points: readonly SparklinePoint[]; readonly label: string }) {
  const coordinates = sparklineCoordinates(points);
  const first = points[0]?.price ?? 0;
  const last = points[points.length - 1]?.price ?? 0;
  const tone = last > first ? 'up' : last < first ? 'down' : 'flat';
  return (
    <svg
      className={`sparkline sparkline--${tone}`}
      width={SPARKLINE_WIDTH}
      height={SPARKLINE_HEIGHT}
      viewBox={`0 0 ${SPARKLINE_WIDTH} ${SPARKLINE_HEIGHT}`}
      role="img"
      aria-label={label}
      data-testid="sparkline"
      data-points={coordinates.length}
    >
      {coordinates.length > 1 ? (
        <polyline
          points={coordinates.map((c) => `${c.x.toFixed(1)},${c.y.toFixed(1)}`).join(' ')}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
      ) : null}
      {coordinates.length < SPARKLINE_DOTS_BELOW
        ? coordinates.map((c, i) => <circle key={i} cx={c.x} cy={c.y} r="2" fill="currentColor" />)
        : null}
    </svg>
  );
}
