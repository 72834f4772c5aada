#!/usr/bin/env node
import { enableCompileCache } from 'node:module';
import { Command, CommanderError } from 'commander';
import { CliError, EXIT_FAILED, EXIT_USAGE, oneLine } from './cli-error.js';
import { registerActivityCommand } from './commands/activity.js';
import { registerStatsCommand } from './commands/stats.js';
import { registerArbitrageCommand } from './commands/arbitrage.js';
import { registerCalendarCommand } from './commands/calendar.js';
import { registerDevnetCommand } from './commands/devnet.js';
import { registerEventsCommand } from './commands/events.js';
import { registerLoginCommands } from './commands/login.js';
import { registerMaintenanceCommand } from './commands/maintenance.js';
import { registerPegCommand } from './commands/peg.js';
import { registerPricesCommand } from './commands/prices.js';
import { registerProjectionsCommand } from './commands/projections.js';
import { registerPushCommand } from './commands/push-status.js';
import { registerScanCommand } from './commands/scan.js';
import { registerSilverCommand } from './commands/silver.js';
import { registerUsersCommand } from './commands/users.js';

/**
 * Exit codes: 0 success, 1 a failed operation, 2 bad usage. Every error is one line on stderr.
 * Each command loads what only it needs (Ink on a terminal, the services for projections,
 * devnet and scan --rpc) when it runs, so `xsd prices --json` starts fast.
 */
// What a command loads when it runs (Ink, the services) comes from compiled code Node keeps on disk.
enableCompileCache();

// `xsd prices | head`: a reader that stops early is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const program = new Command('xsd')
  .description('Silverboard: XSD / BankX prices, silver, wallet scans and operations from the terminal')
  .option('--api <url>', 'Silverboard API base URL (default: $XSD_API_URL, else http://localhost:8080)')
  .exitOverride()
  .configureOutput({
    // Errors: one line on stderr. Help shown because a command was missing goes to stdout (exit 2).
    outputError: (text) => process.stderr.write(`${oneLine(text.replace(/^error: /, 'xsd: '))}\n`),
    writeErr: (text) => process.stdout.write(text),
  });

registerPricesCommand(program);
registerSilverCommand(program);
registerScanCommand(program);
registerCalendarCommand(program);
registerArbitrageCommand(program);
registerPegCommand(program);
registerLoginCommands(program);
registerMaintenanceCommand(program);
registerActivityCommand(program);
registerStatsCommand(program);
registerPushCommand(program);
registerDevnetCommand(program);
registerProjectionsCommand(program);
registerEventsCommand(program);
registerUsersCommand(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Help and version exit 0; anything commander refused is bad usage.
    process.exit(error.exitCode === 0 ? 0 : EXIT_USAGE);
  }
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`xsd: ${oneLine(message)}\n`);
  process.exit(error instanceof CliError ? error.exitCode : EXIT_FAILED);
}
