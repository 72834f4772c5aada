import { useVersion } from '../api/get-version';

/** The served version, or `fallback` when /version.json cannot be read. */
export function AppVersion({ fallback }: { readonly fallback: string }) {
  const { data } = useVersion();
  return <>{data?.version ?? fallback}</>;
}
