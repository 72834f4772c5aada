import { describe, expect, it } from 'vitest';
import { SPARKLINE_HEIGHT, SPARKLINE_WIDTH, sparklineCoordinates } from './sparkline';

const at = (minutes: number, price: number) => ({ timestamp: new Date(Date.UTC(2026, 0, 1, 0, minutes)).toISOString(), price });

describe('sparklineCoordinates', () => {
  it('spreads time over the width and price over the height, higher prices up', () => {
    const [a, b, c] = sparklineCoordinates([at(0, 1), at(30, 2), at(60, 1.5)]);
    expect(a!.x).toBeLessThan(b!.x);
    expect(b!.x).toBeLessThan(c!.x);
    expect(b!.y).toBeLessThan(c!.y);
    expect(c!.y).toBeLessThan(a!.y);
    for (const point of [a!, b!, c!]) {
      expect(point.x).toBeGreaterThanOrEqual(0);
      expect(point.x).toBeLessThanOrEqual(SPARKLINE_WIDTH);
      expect(point.y).toBeGreaterThanOrEqual(0);
      expect(point.y).toBeLessThanOrEqual(SPARKLINE_HEIGHT);
    }
  });
  it('centres a single point or a flat line', () => {
    expect(sparklineCoordinates([at(0, 1)])).toEqual([{ x: SPARKLINE_WIDTH / 2, y: SPARKLINE_HEIGHT / 2 }]);
    expect(sparklineCoordinates([])).toEqual([]);
  });
});
