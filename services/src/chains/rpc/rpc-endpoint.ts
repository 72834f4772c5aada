import type { EndpointHealth, EndpointState } from '@xsd/contracts/api/health';
import { backoffDelay, type BackoffPolicy } from '@xsd/contracts/rules/backoff';


/** How long a failed endpoint rests: from `baseMs`, doubled per consecutive failure, at most `maxMs`. */
export interface RestPolicy extends BackoffPolicy {
  /** The longest `Retry-After` believed (a misconfigured endpoint may ask for days). */
  readonly retryAfterMaxMs: number;
}

/**
 * An endpoint's URL without what may be a secret: the scheme and host, and `/…` where the URL
 * had a path or query (providers put API keys there), never user or password.
 */
export function maskRpcUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const hidden = (parsed.pathname !== '' && parsed.pathname !== '/') || parsed.search !== '';
    return `${parsed.protocol}//${parsed.host}${hidden ? '/…' : ''}`;
  } catch {
    return 'invalid URL';
  }
}

/** One RPC endpoint of a chain, with its judgement: whether it may be asked now, and why not. */
export class RpcEndpoint {
  readonly label: string;
  private stateName: EndpointState = 'unchecked';
  private why: string | null = null;
  private failures = 0;
  private restUntil = 0;
  private newestHead: number | null = null;

  constructor(readonly url: string) {
    this.label = maskRpcUrl(url);
  }

  get state(): EndpointState {
    return this.stateName;
  }

  get head(): number | null {
    return this.newestHead;
  }

  /** May be asked at `now`: not resting (a wrong chain rests until it is checked again). */
  usable(now: number): boolean {
    return now >= this.restUntil;
  }

  get restingUntil(): number {
    return this.restUntil;
  }

  /** It answered correctly from `head`: trusted again at once. */
  answered(head: number): void {
    this.stateName = 'ok';
    this.why = null;
    this.failures = 0;
    this.restUntil = 0;
    this.newestHead = Math.max(this.newestHead ?? 0, head);
  }

  /** It failed or answered wrongly: it rests, longer with each failure in a row, and never less than it asked. */
  failed(state: 'demoted' | 'lagging', reason: string, now: number, policy: RestPolicy | null, retryAfterMs: number | null): void {
    this.stateName = state;
    this.why = reason;
    this.failures += 1;
    const backoff = policy ? backoffDelay(this.failures - 1, policy) : 0;
    const asked = retryAfterMs === null ? 0 : Math.min(retryAfterMs, policy?.retryAfterMaxMs ?? retryAfterMs);
    this.restUntil = now + Math.max(backoff, asked);
  }

  /** It serves another chain: disabled until `until`, when a check or a read may find it right. */
  wrongChain(reason: string, until: number): void {
    this.stateName = 'wrong_chain';
    this.why = reason;
    this.failures += 1;
    this.restUntil = until;
  }

  /** A check found it on the right chain at `head`; a disabled one may be asked again. */
  checked(head: number): void {
    if (this.stateName === 'wrong_chain') {
      this.stateName = 'unchecked';
      this.why = null;
      this.restUntil = 0;
    }
    this.newestHead = Math.max(this.newestHead ?? 0, head);
  }

  health(now: number): EndpointHealth {
    return {
      endpoint: this.label,
      state: this.stateName,
      reason: this.why,
      consecutiveFailures: this.failures,
      restingUntil: this.restUntil > now && Number.isFinite(this.restUntil) ? new Date(this.restUntil).toISOString() : null,
      head: this.newestHead,
    };
  }
}
