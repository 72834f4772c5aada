/**
 * The style nonce the server put in this page load's `csp-nonce` meta tag (none in the Vite dev
 * server, which sends no Content-Security-Policy). Libraries that add `<style>` elements, such as
 * the charts, must carry it, since the policy allows no inline style without it.
 */
export function cspStyleNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content || undefined;
}
