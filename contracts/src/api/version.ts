/** `GET /version.json`: written by the web build into its output, served with no caching. */
export interface VersionFile {
  readonly version: string;
  /** ISO 8601 instant of the build. */
  readonly buildDate: string;
}

export function isVersionFile(value: unknown): value is VersionFile {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { version?: unknown }).version === 'string' &&
    (value as { version: string }).version.length > 0
  );
}
