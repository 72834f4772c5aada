import {
  DEFAULT_MAINTENANCE_MESSAGE,
  DEFAULT_MAINTENANCE_TITLE,
  maintenanceMessage,
  maintenanceTitle,
  type SiteSettings,
} from '@xsd/contracts/api/site';
import { formatWhen } from './time-format.js';

/** One line for the top of a table while the site is in maintenance; null when it is not. */
export function siteMaintenanceBanner(site: SiteSettings | null, now: Date): string | null {
  if (!site?.maintenance_mode) return null;
  const title = maintenanceTitle(site);
  const message = maintenanceMessage(site);
  const until = site.expected_up_time ? ` (expected back ${formatWhen(site.expected_up_time, now)})` : '';
  return `Site maintenance: ${title}: ${message}${until}`;
}

/** `xsd maintenance status`: label / value lines. */
export function maintenanceFields(site: SiteSettings, now: Date): readonly (readonly [string, string])[] {
  if (!site.maintenance_mode) {
    return [
      ['Maintenance', 'OFF'],
      ['Last change', site.updated_at ? formatWhen(site.updated_at, now) : 'never'],
    ];
  }
  return [
    ['Maintenance', 'ON'],
    ['Title', site.maintenance_title ?? `${DEFAULT_MAINTENANCE_TITLE} (default)`],
    ['Message', site.maintenance_message ?? `${DEFAULT_MAINTENANCE_MESSAGE} (default)`],
    ['Expected up', site.expected_up_time ? formatWhen(site.expected_up_time, now) : 'not announced'],
    ['Last change', site.updated_at ? formatWhen(site.updated_at, now) : 'never'],
  ];
}
