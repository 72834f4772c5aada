#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { registerProjectionsCommand } from './commands/projections.js';

/** Exit codes: 0 success, 1 a failed operation, 2 bad usage. Errors are one line on stderr. */
const program = new Command('xsd')
  .description('Silverboard: XSD / BankX prices, silver, wallet scans and operations from the terminal')
  .exitOverride()
  .configureOutput({ outputError: (text, write) => write(text) });

registerProjectionsCommand(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    process.exit(error.exitCode === 0 ? 0 : 2);
  }
  process.stderr.write(`xsd: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
