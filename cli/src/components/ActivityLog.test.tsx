import type { ActivityEntry } from '@xsd/contracts/api/admin-activity';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { plain } from '../testing/ink.js';
import { activityView } from '../views/activity-view.js';
import { ActivityLog } from './ActivityLog.js';

const entry = (sequence: number, overrides: Partial<ActivityEntry>): ActivityEntry => ({
  sequence,
  event_id: `0190a000-0000-7000-8000-00000000000${sequence}`,
  action: 'news.updated',
  occurred_at: '2026-11-21T10:00:00.000Z',
  actor: { kind: 'staff', id: 'a1', email: 'root@silverboard.test' },
  target: { kind: 'news', id: 'n1', label: 'Upgrade' },
  before: { priority: 1 },
  after: { priority: 5 },
  ...overrides,
});

describe('ActivityLog', () => {
  it('shows who did what to which item, and the change', () => {
    const view = activityView(
      [
        entry(3, {}),
        entry(2, { action: 'maintenance.ended', actor: { kind: 'system', id: 'maintenance-scheduler', email: null }, target: { kind: 'site', id: 'site', label: 'Site maintenance' }, before: { on: true }, after: { on: false } }),
        entry(1, { action: 'api-key.deleted', target: { kind: 'api_key', id: 'k1', label: null }, before: { name: 'Old' }, after: null }),
      ],
      null,
    );
    const lines = plain(render(<ActivityLog view={view} />).lastFrame()).split('\n');
    expect(lines[0]).toMatch(/^TIME\s+WHO\s+ACTION\s+ITEM\s+CHANGE$/);
    expect(lines[1]).toMatch(/^2026-11-21 10:00:00\s+root@silverboard\.test\s+news\.updated\s+Upgrade\s+priority 1 → 5$/);
    expect(lines[2]).toMatch(/system:maintenance-scheduler\s+maintenance\.ended\s+Site maintenance\s+on true → false$/);
    expect(lines[3]).toMatch(/api-key\.deleted\s+api_key k1\s+name was Old$/);
    expect(lines).toHaveLength(4);
  });

  it('says when nothing matches, and how to page to older entries', () => {
    expect(plain(render(<ActivityLog view={activityView([], null)} />).lastFrame())).toBe('No activity matches.');
    const frame = plain(render(<ActivityLog view={activityView([entry(9, {})], 9)} />).lastFrame());
    expect(frame).toContain('Older entries: xsd activity --before 9');
  });
});
