import { describe, expect, it } from 'vitest';
import { tabFromHash, tabsFor } from './admin-tabs';

describe('admin tabs', () => {
  it('shows each role only the tabs its permissions allow', () => {
    expect(tabsFor('super_admin').map((tab) => tab.id)).toContain('users');
    expect(tabsFor('admin').map((tab) => tab.id)).not.toContain('users');
    expect(tabsFor('admin').map((tab) => tab.id)).toContain('maintenance');
    expect(tabsFor('admin').map((tab) => tab.id)).toContain('activity');
    expect(tabsFor('calendar_access').map((tab) => tab.id)).toEqual(['overview', 'calendar']);
    expect(tabsFor('nobody').map((tab) => tab.id)).toEqual(['overview']);
  });

  it('opens the tab the fragment names, by id or by the spec section name', () => {
    expect(tabFromHash('#breaking_news', 'admin')).toBe('breaking_news');
    expect(tabFromHash('#User Management', 'super_admin')).toBe('users');
    expect(tabFromHash('#dashboard', 'admin')).toBe('overview');
  });

  it('falls back to Overview for an unknown or forbidden tab', () => {
    expect(tabFromHash('', 'admin')).toBe('overview');
    expect(tabFromHash('#nonsense', 'admin')).toBe('overview');
    expect(tabFromHash('#users', 'admin')).toBe('overview');
    expect(tabFromHash('#breaking_news', 'calendar_access')).toBe('overview');
  });
});
