/** Exit codes of every command: 0 success, 1 a failed operation, 2 bad usage. */
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** A failure the user should read as one line on stderr, with the exit code it ends in. */
export class CliError extends Error {
  override name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: typeof EXIT_FAILED | typeof EXIT_USAGE = EXIT_FAILED,
  ) {
    super(message);
  }
}

/** Bad usage: an unknown token or chain, an invalid address or time, conflicting options (exit 2). */
export class UsageError extends CliError {
  override name = 'UsageError';
  constructor(message: string) {
    super(message, EXIT_USAGE);
  }
}

/** One line, whatever the error carried: newlines folded, no stack. */
export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}
