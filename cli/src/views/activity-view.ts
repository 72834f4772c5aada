import type { ActivityEntry } from '@xsd/contracts/api/admin-activity';
import type { Tone } from '../theme.js';
import type { ViewRow } from './view-types.js';

export const ACTIVITY_COLUMNS = ['TIME', 'WHO', 'ACTION', 'ITEM', 'CHANGE'] as const;
const MAX_CHANGE = 80;

export interface ActivityView {
  readonly rows: readonly ViewRow[];
  /** What to print instead of an empty table. */
  readonly empty: string | null;
  /** How to ask for the next, older page, when there is one. */
  readonly more: string | null;
}

const value = (v: unknown): string => (v === null || v === undefined ? '-' : typeof v === 'string' ? v : JSON.stringify(v));

/** 'priority 1 → 5, isActive true → false'; a creation lists what was set, a removal what was there. */
export function changeText(entry: Pick<ActivityEntry, 'before' | 'after'>): string {
  const { before, after } = entry;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const parts = keys.map((key) => {
    if (before === null) return `${key} ${value(after?.[key])}`;
    if (after === null) return `${key} was ${value(before[key])}`;
    return `${key} ${value(before[key])} → ${value(after[key])}`;
  });
  const text = parts.join(', ');
  return text.length > MAX_CHANGE ? `${text.slice(0, MAX_CHANGE - 1)}…` : text || '-';
}

const who = (entry: ActivityEntry) => entry.actor.email ?? (entry.actor.kind === 'staff' ? (entry.actor.id ?? '?') : `${entry.actor.kind}:${entry.actor.id ?? '?'}`);

function actionTone(action: string): Tone {
  if (action.endsWith('deleted') || action === 'maintenance.started') return 'warning';
  if (action.endsWith('created')) return 'positive';
  return 'neutral';
}

export function activityView(entries: readonly ActivityEntry[], nextBefore: number | null): ActivityView {
  const rows = entries.map(
    (entry): ViewRow => ({
      key: entry.event_id,
      cells: [
        { text: entry.occurred_at.replace('T', ' ').slice(0, 19), tone: 'muted' },
        { text: who(entry) },
        { text: entry.action, tone: actionTone(entry.action) },
        { text: entry.target.label ?? `${entry.target.kind} ${entry.target.id}` },
        { text: changeText(entry), tone: 'muted' },
      ],
    }),
  );
  return {
    rows,
    empty: rows.length === 0 ? 'No activity matches.' : null,
    more: nextBefore === null ? null : `Older entries: xsd activity --before ${nextBefore}`,
  };
}
