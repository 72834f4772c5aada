import { describe, expect, it } from 'vitest';
import { CONTACT_LINK, enabledLinkCount, NAV_GROUPS, resolveMenuOpenState } from './navigation';
import { findRoute } from './routes';

describe('menu', () => {
  it('has the five groups of the spec in order, with their default open state', () => {
    expect(NAV_GROUPS.map((group) => [group.title, group.defaultOpen])).toEqual([
      ['Main', true],
      ['Trading & Wallet', true],
      ['Alerts & Events', false],
      ['Community & Shop', false],
      ['Developer', false],
    ]);
  });

  it('counts only enabled links per group', () => {
    expect(NAV_GROUPS.map(enabledLinkCount)).toEqual([1, 4, 2, 5, 0]);
  });

  it('marks the ambassador portal and API access as Soon', () => {
    const disabled = NAV_GROUPS.flatMap((group) => group.items).filter((item) => item.kind === 'disabled');
    expect(disabled.map((item) => [item.path, item.badge])).toEqual([
      ['/ambassador-portal', 'Soon'],
      ['/api-access', 'Soon'],
    ]);
  });

  it('links only to routed pages', () => {
    const links = [...NAV_GROUPS.flatMap((group) => group.items), CONTACT_LINK].filter((item) => item.kind === 'link');
    expect(links.every((item) => findRoute(item.path)?.routed)).toBe(true);
  });

  it('keeps stored open states and defaults the rest', () => {
    expect(resolveMenuOpenState({ main: false, alerts: true, developer: 'yes' })).toEqual({
      main: false,
      trading: true,
      alerts: true,
      community: false,
      developer: false,
    });
    expect(resolveMenuOpenState('garbage')).toEqual({
      main: true,
      trading: true,
      alerts: false,
      community: false,
      developer: false,
    });
  });
});
