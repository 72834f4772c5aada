/**
 * Dashboard preferences (spec sections 2, 3 and 5): the widgets in their default order, each with
 * an order and a visible flag, saved in this browser under 'dashboard-preferences'. The
 * breaking-news widget is always first and always visible; the first movable widget cannot move
 * up and the last cannot move down.
 */
export const DASHBOARD_PREFERENCES_KEY = 'dashboard-preferences';
/** Dispatched on window after preferences are saved. */
export const PREFERENCES_UPDATED_EVENT = 'dashboard-preferences-updated';

export const DASHBOARD_WIDGETS = [
  { id: 'breaking-news', label: 'Breaking News' },
  { id: 'silver-metrics', label: 'Silver Metrics' },
  { id: 'biggest-mover', label: 'Biggest Mover' },
  { id: 'ai-prediction', label: 'AI Prediction (Beta)' },
  { id: 'xsd-prices', label: 'XSD Prices' },
  { id: 'bankx-prices', label: 'BankX Prices' },
] as const;

export type WidgetId = (typeof DASHBOARD_WIDGETS)[number]['id'];
export const PINNED_WIDGET: WidgetId = 'breaking-news';

export interface WidgetLayout {
  readonly order: number;
  readonly visible: boolean;
}

export interface DashboardPreferences {
  readonly layout: Readonly<Record<WidgetId, WidgetLayout>>;
  readonly widgets: Readonly<Record<WidgetId, boolean>>;
  readonly theme: string;
}

export interface WidgetEntry {
  readonly id: WidgetId;
  readonly label: string;
  readonly visible: boolean;
  readonly pinned: boolean;
}

export const PREFERENCE_MESSAGES = {
  loadFailed: 'Failed to load your dashboard preferences',
  saveFailed: 'Failed to save your preferences',
  saveFailedShort: 'Failed to save preferences',
  resetFailed: 'Failed to reset preferences',
  unexpected: 'An unexpected error occurred',
  saved: 'Your preferences have been saved successfully!',
  anonymous: "You're not signed in. Your preferences will be saved to this browser only.",
} as const;

/** The modal closes this long after a successful save. */
export const PREFERENCES_CLOSE_DELAY_MS = 1_500;

const WIDGET_IDS = DASHBOARD_WIDGETS.map((w) => w.id) as readonly WidgetId[];
const labelOf = (id: WidgetId) => DASHBOARD_WIDGETS.find((w) => w.id === id)!.label;

export function isWidgetId(value: string): value is WidgetId {
  return (WIDGET_IDS as readonly string[]).includes(value);
}

export function defaultEntries(): WidgetEntry[] {
  return WIDGET_IDS.map((id) => ({ id, label: labelOf(id), visible: true, pinned: id === PINNED_WIDGET }));
}

/** The entries back to the stored shape (order = position). */
export function toPreferences(entries: readonly WidgetEntry[]): DashboardPreferences {
  const normalized = normalizeEntries(entries);
  const layout = Object.fromEntries(normalized.map((e, order) => [e.id, { order, visible: e.visible }])) as Record<WidgetId, WidgetLayout>;
  const widgets = Object.fromEntries(normalized.map((e) => [e.id, e.visible])) as Record<WidgetId, boolean>;
  return { layout, widgets, theme: 'system' };
}

/** Pinned widget first and visible, every known widget once, unknown ones dropped. */
function normalizeEntries(entries: readonly WidgetEntry[]): WidgetEntry[] {
  const seen = new Set<WidgetId>();
  const known = entries.filter((e) => isWidgetId(e.id) && !seen.has(e.id) && seen.add(e.id));
  for (const id of WIDGET_IDS) {
    if (!seen.has(id)) known.push({ id, label: labelOf(id), visible: true, pinned: id === PINNED_WIDGET });
  }
  const pinned: WidgetEntry = { id: PINNED_WIDGET, label: labelOf(PINNED_WIDGET), visible: true, pinned: true };
  return [pinned, ...known.filter((e) => e.id !== PINNED_WIDGET).map((e) => ({ ...e, label: labelOf(e.id), pinned: false }))];
}

/**
 * Whatever is stored (possibly nothing or garbage) as the ordered widget list. Order comes from
 * `layout[id].order`; visibility from `layout[id].visible`, else `widgets[id]`, else visible.
 */
export function parsePreferences(stored: unknown): WidgetEntry[] {
  if (typeof stored !== 'object' || stored === null) return defaultEntries();
  const { layout, widgets } = stored as { layout?: unknown; widgets?: unknown };
  const layoutMap = typeof layout === 'object' && layout !== null ? (layout as Record<string, Partial<WidgetLayout>>) : {};
  const widgetMap = typeof widgets === 'object' && widgets !== null ? (widgets as Record<string, unknown>) : {};
  const entries = WIDGET_IDS.map((id, index) => {
    const entry = layoutMap[id];
    const order = typeof entry?.order === 'number' && Number.isFinite(entry.order) ? entry.order : 100 + index;
    const visible =
      typeof entry?.visible === 'boolean' ? entry.visible : typeof widgetMap[id] === 'boolean' ? (widgetMap[id] as boolean) : true;
    return { id, label: labelOf(id), visible, pinned: false, order, index };
  });
  entries.sort((a, b) => a.order - b.order || a.index - b.index);
  return normalizeEntries(entries.map(({ id, label, visible, pinned }) => ({ id, label, visible, pinned })));
}

export function canMoveUp(entries: readonly WidgetEntry[], index: number): boolean {
  return index > 1 && !entries[index]?.pinned;
}

export function canMoveDown(entries: readonly WidgetEntry[], index: number): boolean {
  return index > 0 && index < entries.length - 1 && !entries[index]?.pinned;
}

export function moveWidget(entries: readonly WidgetEntry[], index: number, direction: -1 | 1): WidgetEntry[] {
  if (direction === -1 ? !canMoveUp(entries, index) : !canMoveDown(entries, index)) return [...entries];
  const next = [...entries];
  const target = index + direction;
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

export function toggleWidget(entries: readonly WidgetEntry[], id: WidgetId): WidgetEntry[] {
  return entries.map((e) => (e.id === id && !e.pinned ? { ...e, visible: !e.visible } : e));
}

/** The widgets to render, in order. */
export function visibleWidgets(entries: readonly WidgetEntry[]): WidgetId[] {
  return entries.filter((e) => e.visible).map((e) => e.id);
}
