import { type Command, Option } from 'commander';
import type { ScanOptions } from './scan-run.js';

export function registerScanCommand(program: Command): void {
  program
    .command('scan')
    .description('scan an address for XSD and BankX on every chain: balances, values, allocation, peg, tier, risk, advice')
    .argument('<address>', 'wallet address, 0x and 40 hexadecimal characters')
    .addOption(new Option('--json', 'print JSON (the scan with its analysis)').conflicts('csv'))
    .addOption(new Option('--csv', 'print CSV: Token, Chain, Balance, Value (USD)').conflicts('json'))
    .option('--rpc', 'read the chains directly (network table of XSD_NETWORK_PROFILE, default devnet) instead of the API')
    .action(async (address: string, options: ScanOptions, command: Command) => {
      const { runScan } = await import('./scan-run.js');
      await runScan(address, options, command);
    });
}
