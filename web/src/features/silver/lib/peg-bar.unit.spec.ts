import { describe, expect, it } from 'vitest';
import { pegBarCells } from './peg-bar';

describe('pegBarCells', () => {
  it('splits 20 cells by share, always adding up to 20', () => {
    expect(pegBarCells({ good: 0.5, warning: 0.25, error: 0.25 })).toEqual({ good: 10, warning: 5, error: 5 });
    expect(pegBarCells({ good: 1 / 3, warning: 1 / 3, error: 1 / 3 })).toEqual({ good: 7, warning: 7, error: 6 });
    expect(pegBarCells({ good: 0.99, warning: 0.01, error: 0 })).toEqual({ good: 20, warning: 0, error: 0 });
  });

  it('draws nothing when nothing was measured', () => {
    expect(pegBarCells({ good: 0, warning: 0, error: 0 })).toEqual({ good: 0, warning: 0, error: 0 });
  });
});
