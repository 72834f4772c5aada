import { describe, expect, it } from 'vitest';
import {
  canMoveDown,
  canMoveUp,
  defaultEntries,
  moveWidget,
  parsePreferences,
  toggleWidget,
  toPreferences,
  visibleWidgets,
} from './preferences';

const ids = (entries: { id: string }[]) => entries.map((e) => e.id);
const DEFAULT_ORDER = ['breaking-news', 'silver-metrics', 'biggest-mover', 'ai-prediction', 'xsd-prices', 'bankx-prices'];

describe('dashboard preferences', () => {
  it('defaults to the spec order, all visible', () => {
    expect(ids(defaultEntries())).toEqual(DEFAULT_ORDER);
    expect(visibleWidgets(defaultEntries())).toEqual(DEFAULT_ORDER);
    expect(parsePreferences(undefined)).toEqual(defaultEntries());
    expect(parsePreferences('garbage')).toEqual(defaultEntries());
  });

  it('round-trips through the stored shape', () => {
    const edited = toggleWidget(moveWidget(defaultEntries(), 5, -1), 'biggest-mover');
    const stored = toPreferences(edited);
    expect(stored.layout['bankx-prices']).toEqual({ order: 4, visible: true });
    expect(stored.widgets['biggest-mover']).toBe(false);
    expect(stored.theme).toBe('system');
    expect(parsePreferences(JSON.parse(JSON.stringify(stored)))).toEqual(edited);
  });

  it('keeps breaking news first and visible whatever is stored', () => {
    const stored = { layout: { 'breaking-news': { order: 9, visible: false }, 'xsd-prices': { order: 0, visible: true } }, widgets: {} };
    const entries = parsePreferences(stored);
    expect(entries[0]).toMatchObject({ id: 'breaking-news', visible: true, pinned: true });
    expect(entries[1]!.id).toBe('xsd-prices');
    expect(toggleWidget(entries, 'breaking-news')[0]!.visible).toBe(true);
  });

  it('reads visibility from widgets when the layout has none, and adds missing widgets', () => {
    const entries = parsePreferences({ layout: {}, widgets: { 'ai-prediction': false } });
    expect(ids(entries)).toEqual(DEFAULT_ORDER);
    expect(entries.find((e) => e.id === 'ai-prediction')!.visible).toBe(false);
  });

  it('moves up and down within the movable widgets only', () => {
    const entries = defaultEntries();
    expect(canMoveUp(entries, 0)).toBe(false);
    expect(canMoveDown(entries, 0)).toBe(false);
    expect(canMoveUp(entries, 1)).toBe(false);
    expect(canMoveDown(entries, 1)).toBe(true);
    expect(canMoveDown(entries, 5)).toBe(false);
    expect(canMoveUp(entries, 5)).toBe(true);
    expect(ids(moveWidget(entries, 1, -1))).toEqual(DEFAULT_ORDER);
    expect(ids(moveWidget(entries, 2, -1)).slice(1, 3)).toEqual(['biggest-mover', 'silver-metrics']);
    expect(ids(moveWidget(entries, 5, 1))).toEqual(DEFAULT_ORDER);
  });
});
