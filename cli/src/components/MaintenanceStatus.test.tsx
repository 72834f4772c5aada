import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { plain } from '../testing/ink.js';
import { MaintenanceStatus } from './MaintenanceStatus.js';

describe('MaintenanceStatus', () => {
  it('shows the settings under the heading, and what maintenance means while on', () => {
    const frame = plain(
      render(
        <MaintenanceStatus
          heading="Maintenance is now ON"
          on
          fields={[
            { label: 'Maintenance', value: 'ON', tone: 'warning' },
            { label: 'Expected up', value: '2026-05-01 14:00 UTC (in 2 h)', tone: 'neutral' },
          ]}
        />,
      ).lastFrame(),
    );
    expect(frame.split('\n')).toEqual([
      'Maintenance is now ON',
      '',
      'Maintenance  ON',
      'Expected up  2026-05-01 14:00 UTC (in 2 h)',
      'Every public page shows the maintenance screen; /admin stays reachable.',
    ]);
  });

  it('says nothing more while off', () => {
    const frame = plain(render(<MaintenanceStatus heading="Maintenance is OFF" on={false} fields={[{ label: 'Maintenance', value: 'OFF', tone: 'positive' }]} />).lastFrame());
    expect(frame.split('\n')).toEqual(['Maintenance is OFF', '', 'Maintenance  OFF']);
  });
});
