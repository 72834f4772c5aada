import { describe, expect, it } from 'vitest';
import { filterCommands, isPaletteShortcut, type PaletteCommand } from './filter-commands';

const commands: PaletteCommand[] = [
  { id: '/', label: 'Dashboard', path: '/' },
  { id: '/silver-price', label: 'Silver Price 24H', path: '/silver-price', hint: 'peg reference' },
  { id: '/price-alerts', label: 'Price Alerts', path: '/price-alerts' },
  { id: '/calendar', label: 'Calendar', path: '/calendar' },
];

const labels = (query: string) => filterCommands(commands, query).map((command) => command.label);

describe('filterCommands', () => {
  it('lists everything for an empty query', () => {
    expect(labels('  ')).toEqual(['Dashboard', 'Silver Price 24H', 'Price Alerts', 'Calendar']);
  });

  it('puts label prefixes before word prefixes', () => {
    expect(labels('price')).toEqual(['Price Alerts', 'Silver Price 24H']);
  });

  it('matches paths, hints and abbreviations', () => {
    expect(labels('silver-')).toEqual(['Silver Price 24H']);
    expect(labels('peg')).toEqual(['Silver Price 24H']);
    expect(labels('cldr')).toEqual(['Calendar']);
    expect(labels('zzz')).toEqual([]);
  });
});

describe('isPaletteShortcut', () => {
  const key = (overrides: Partial<Parameters<typeof isPaletteShortcut>[0]>) =>
    isPaletteShortcut({ key: 'k', ctrlKey: false, metaKey: false, altKey: false, targetIsEditable: false, ...overrides });

  it('opens on Ctrl+K or ⌘K, even in a text field', () => {
    expect(key({ ctrlKey: true })).toBe(true);
    expect(key({ metaKey: true, key: 'K', targetIsEditable: true })).toBe(true);
    expect(key({})).toBe(false);
  });

  it("opens on '/' only outside text fields", () => {
    expect(key({ key: '/' })).toBe(true);
    expect(key({ key: '/', targetIsEditable: true })).toBe(false);
  });
});
