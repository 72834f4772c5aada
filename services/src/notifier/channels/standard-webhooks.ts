import { createHmac } from 'node:crypto';

/**
 * The Standard Webhooks signature (https://www.standardwebhooks.com): HMAC-SHA256, keyed with the
 * base64 part of the `whsec_` secret, over `<webhook-id>.<webhook-timestamp>.<body>`, sent as
 * `v1,<base64>` in `webhook-signature`.
 */
export function standardWebhookSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

export function standardWebhookHeaders(secret: string, id: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': standardWebhookSignature(secret, id, timestampSeconds, body),
  };
}
