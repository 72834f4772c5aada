import { describe, expect, it } from 'vitest';
import { hasPermission, ROLE_LABELS, ROLE_PERMISSIONS, STAFF_PERMISSIONS, STAFF_ROLES } from './roles.js';

/** The spec's table, written out: permission → roles allowed. */
const SPEC: Record<string, readonly string[]> = {
  breaking_news: ['admin', 'super_admin'],
  analytics: ['admin', 'super_admin'],
  passwords: ['admin', 'super_admin'],
  chain_settings: ['admin', 'super_admin'],
  contact_submissions: ['admin', 'super_admin'],
  api_keys: ['admin', 'super_admin'],
  calendar: ['admin', 'super_admin', 'calendar_access'],
  users: ['super_admin'],
  event_log: ['super_admin'],
  // Issue 22: the Channels tab, super admin and admin.
  channels: ['admin', 'super_admin'],
};

describe('the role table', () => {
  it.each(Object.entries(SPEC))('grants %s to exactly %j', (permission, roles) => {
    const granted = STAFF_ROLES.filter((role) => hasPermission(role, permission));
    expect([...granted].sort()).toEqual([...roles].sort());
  });

  it('names every permission of the spec and no other', () => {
    expect([...STAFF_PERMISSIONS].sort()).toEqual(Object.keys(SPEC).sort());
    for (const role of STAFF_ROLES) {
      for (const permission of ROLE_PERMISSIONS[role]) expect(SPEC[permission]).toContain(role);
    }
  });

  it('denies anything else: unknown permissions and unknown roles', () => {
    expect(hasPermission('super_admin', 'delete_everything')).toBe(false);
    expect(hasPermission('owner', 'calendar')).toBe(false);
    expect(hasPermission('__proto__', 'users')).toBe(false);
  });

  it('labels the roles as the header shows them', () => {
    expect(ROLE_LABELS).toEqual({ super_admin: 'Super Admin', admin: 'Admin', calendar_access: 'Calendar Manager' });
  });
});
