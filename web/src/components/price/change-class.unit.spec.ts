import { describe, expect, it } from 'vitest';
import { changeClass } from './change-class';

describe('changeClass', () => {
  it('colours up and down, leaves 0.00% plain and mutes N/A', () => {
    expect([2.5, 0.004, -0.004, -1, null].map(changeClass)).toEqual(['ok', '', '', 'err', 'muted']);
  });
});
