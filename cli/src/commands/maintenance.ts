import type { Command } from 'commander';
import type { SiteSettings } from '@xsd/contracts/api/site';
import type { UpdateSiteSettingsRequest } from '@xsd/contracts/api/site-update';
import { ApiRequestError } from '../api/api-client.js';
import { UsageError } from '../cli-error.js';
import { outputMode, writeJson, writeLine } from '../output/output-mode.js';
import { textTable } from '../output/text-table.js';
import { parseUntil } from '../time/parse-until.js';
import { maintenanceFields } from '../views/site-view.js';
import type { ViewField } from '../views/view-types.js';
import { apiUrlOf, explainStaffError, publicApi, staffApi } from './context.js';

interface OnOptions {
  readonly title?: string;
  readonly message?: string;
  readonly until?: string;
  readonly json?: boolean;
}

async function print(site: SiteSettings, heading: string, json: boolean | undefined): Promise<void> {
  const mode = outputMode({ json });
  if (mode === 'json') return writeJson(site);
  const now = new Date();
  const fields: ViewField[] = maintenanceFields(site, now).map(([label, value]) => ({
    label,
    value,
    tone: label === 'Maintenance' ? (site.maintenance_mode ? 'warning' : 'positive') : 'neutral',
  }));
  if (mode === 'plain') {
    writeLine(heading);
    textTable(fields.map((f) => [f.label, f.value])).forEach((line) => writeLine(line));
    return;
  }
  const { showMaintenance } = await import('../interactive/maintenance.js');
  showMaintenance({ heading, on: site.maintenance_mode, fields });
}

/** PUT /api/admin/site as the signed-in staff member; refusals in words (401, 403, 400). */
async function update(command: Command, body: UpdateSiteSettingsRequest): Promise<SiteSettings> {
  const { api } = await staffApi(command);
  try {
    return await api.put<SiteSettings>('/api/admin/site', body);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 400) throw new UsageError(error.message);
    throw explainStaffError(error, apiUrlOf(command));
  }
}

export function registerMaintenanceCommand(program: Command): void {
  const maintenance = program
    .command('maintenance')
    .description('the site-wide maintenance screen: status (public), on and off (staff with chain_settings)');

  maintenance
    .command('status')
    .description('is the site in maintenance, with its title, message and expected up time')
    .option('--json', 'print JSON (the GET /api/site body)')
    .action(async (options: { readonly json?: boolean }, command: Command) => {
      const site = await publicApi(command).get<SiteSettings>('/api/site');
      await print(site, site.maintenance_mode ? 'Maintenance is ON' : 'Maintenance is OFF', options.json);
    });

  maintenance
    .command('on')
    .description('turn maintenance on (or change its texts and end time while on); omitted texts stay as they are')
    .option('--title <title>', 'heading of the maintenance screen ("" for the default)')
    .option('--message <message>', 'text of the maintenance screen ("" for the default)')
    .option('--until <time>', 'expected up time: ISO 8601 with a time zone, or +90m, +2h; the server ends maintenance then')
    .option('--json', 'print JSON (the new GET /api/site body)')
    .action(async (options: OnOptions, command: Command) => {
      const body: UpdateSiteSettingsRequest = {
        maintenance_mode: true,
        ...(options.title !== undefined ? { maintenance_title: options.title } : {}),
        ...(options.message !== undefined ? { maintenance_message: options.message } : {}),
        ...(options.until !== undefined ? { expected_up_time: parseUntil(options.until, new Date()).toISOString() } : {}),
      };
      const site = await update(command, body);
      await print(site, 'Maintenance is now ON', options.json);
    });

  maintenance
    .command('off')
    .description('turn maintenance off')
    .option('--json', 'print JSON (the new GET /api/site body)')
    .action(async (options: { readonly json?: boolean }, command: Command) => {
      const site = await update(command, { maintenance_mode: false });
      await print(site, 'Maintenance is now OFF', options.json);
    });
}
