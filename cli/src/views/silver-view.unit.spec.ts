import { describe, expect, it } from 'vitest';
import { NOW, SILVER, SITE_OFF, SITE_ON } from '../testing/fixtures.js';
import { maintenanceFields } from './site-view.js';
import { silverText } from './silver-text.js';
import { progressBar, silverJson, silverView } from './silver-view.js';

describe('silverView', () => {
  it('shows the price with 4 decimals, the 24h stats, progress toward $1.50 and the milestones', () => {
    expect(silverText(silverView(SILVER, NOW))).toEqual([
      'Price per gram  $1.2345',
      '24H High        $1.2500',
      '24H Low         $1.2000',
      '24H Change      +1.01% (+$0.0123)',
      'Updated         2026-05-01 11:59 UTC (1 min ago), blockchain',
      '',
      `Progress to $1.50  [${'█'.repeat(25)}${'░'.repeat(5)}] 82.3% of $1.50`,
      '',
      'Milestones',
      '  $1.10  Achieved',
      '  $1.20  Achieved',
      '  $1.30  Next Goal',
      '  $1.40  Future Goal',
      '  $1.50  Future Goal',
    ]);
  });

  it("says 'Insufficient data' for the change without a reading 24h ago", () => {
    const view = silverView({ ...SILVER, change24h: null, changePercent: null, hasHistoricalData: false }, NOW);
    expect(view.fields[3]).toEqual({ label: '24H Change', value: 'N/A (Insufficient data)', tone: 'muted' });
  });

  it('adds the milestones and progress to the JSON', () => {
    expect(silverJson(SILVER)).toMatchObject({ price_per_gram: 1.2345, progress_percent: expect.closeTo(82.3, 1), milestones: expect.arrayContaining([{ target: 1.3, status: 'next' }]) });
  });

  it('draws a progress bar', () => {
    expect(progressBar(50, 10)).toBe('[█████░░░░░]');
    expect(progressBar(150, 4)).toBe('[████]');
  });
});

describe('maintenanceFields', () => {
  it('lists the settings while on, with the defaults named', () => {
    expect(maintenanceFields({ ...SITE_ON, maintenance_title: null }, NOW)).toEqual([
      ['Maintenance', 'ON'],
      ['Title', 'Silverboard Dashboard Maintenance (default)'],
      ['Message', 'Back soon'],
      ['Expected up', '2026-05-01 14:00 UTC (in 2 h)'],
      ['Last change', '2026-05-01 11:00 UTC (1 h ago)'],
    ]);
    expect(maintenanceFields(SITE_OFF, NOW)).toEqual([
      ['Maintenance', 'OFF'],
      ['Last change', 'never'],
    ]);
  });
});
