import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { NOW, SILVER } from '../testing/fixtures.js';
import { plain } from '../testing/ink.js';
import { silverView } from '../views/silver-view.js';
import { SilverPanel } from './SilverPanel.js';

describe('SilverPanel', () => {
  it('shows the price per gram, the 24h stats, progress and milestone states', () => {
    const frame = plain(render(<SilverPanel view={silverView(SILVER, NOW)} />).lastFrame());
    expect(frame.split('\n').slice(0, 5)).toEqual([
      'Silver (XAG) per gram',
      'Price per gram  $1.2345',
      '24H High        $1.2500',
      '24H Low         $1.2000',
      '24H Change      +1.01% (+$0.0123)',
    ]);
    expect(frame).toContain(`Progress to $1.50 [${'█'.repeat(25)}${'░'.repeat(5)}] 82.3% of $1.50`);
    expect(frame).toMatch(/\$1\.10\s+Achieved/);
    expect(frame).toMatch(/\$1\.20\s+Achieved/);
    expect(frame).toMatch(/\$1\.30\s+Next Goal/);
    expect(frame).toMatch(/\$1\.50\s+Future Goal/);
  });
});
