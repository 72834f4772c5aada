/**
 * The spec's role table (admin-and-data §6) as data, so the server's guard, the web panel's tabs
 * and the CLI decide the same way. Anything not granted here is denied.
 */

export const STAFF_ROLES = ['super_admin', 'admin', 'calendar_access'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * One permission per admin tab that needs one (the Maintenance tab uses chain_settings), and
 * `event_log`: the backup of the whole log (`xsd events export`), which has no tab.
 */
export const STAFF_PERMISSIONS = [
  'breaking_news',
  'calendar',
  'chain_settings',
  'contact_submissions',
  'analytics',
  'passwords',
  'api_keys',
  'users',
  'event_log',
  'channels',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

const ADMIN_PERMISSIONS = [
  'breaking_news',
  'calendar',
  'chain_settings',
  'contact_submissions',
  'analytics',
  'passwords',
  'api_keys',
  'channels',
] as const satisfies readonly StaffPermission[];

export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly StaffPermission[]>> = {
  super_admin: [...ADMIN_PERMISSIONS, 'users', 'event_log'],
  admin: ADMIN_PERMISSIONS,
  calendar_access: ['calendar'],
};

/** How the header and the Users tab name each role. */
export const ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  super_admin: 'Super Admin',
  admin: 'Admin',
  calendar_access: 'Calendar Manager',
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** False for an unknown role or permission: the table denies anything it does not name. */
export function hasPermission(role: string, permission: string): boolean {
  return isStaffRole(role) && (ROLE_PERMISSIONS[role] as readonly string[]).includes(permission);
}
