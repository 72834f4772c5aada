import type { PushStatusResponse } from '@xsd/contracts/api/push';
import { textTable } from '../output/text-table.js';

const count = (n: number) => ({ text: n.toLocaleString('en-US'), align: 'right' as const });

/** `xsd push status` as plain lines: subscriptions, enabled alert rules per kind, deliveries of the last 24 hours. */
export function pushStatusText(status: PushStatusResponse): string[] {
  return [
    'Web push',
    '',
    ...textTable([
      ['Subscriptions', count(status.subscriptions)],
      ['Alert rules (enabled)', ''],
      ['  Price', count(status.rules.price)],
      ['  Silver', count(status.rules.silver)],
      ['  Calendar', count(status.rules.calendar)],
      ['Deliveries, last 24 hours', ''],
      ['  Sent', count(status.deliveries.sent)],
      ['  Failed', count(status.deliveries.failed)],
      ['  Pruned (subscription gone)', count(status.deliveries.pruned)],
    ]),
  ];
}
