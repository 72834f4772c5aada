export interface PaletteCommand {
  readonly id: string;
  readonly label: string;
  readonly path: string;
  readonly hint?: string;
}

function isSubsequence(needle: string, haystack: string): boolean {
  let index = 0;
  for (const char of haystack) {
    if (char === needle[index]) index += 1;
    if (index === needle.length) return true;
  }
  return needle.length === 0;
}

function score(command: PaletteCommand, query: string): number {
  const label = command.label.toLowerCase();
  if (label.startsWith(query)) return 4;
  if (label.split(/[\s&/-]+/).some((word) => word.startsWith(query))) return 3;
  if (label.includes(query) || command.path.toLowerCase().includes(query)) return 2;
  if ((command.hint ?? '').toLowerCase().includes(query)) return 1.5;
  if (isSubsequence(query.replace(/\s+/g, ''), label)) return 1;
  return 0;
}

/** Commands matching the query, best first; ties keep their original order. */
export function filterCommands(commands: readonly PaletteCommand[], query: string): PaletteCommand[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...commands];
  return commands
    .map((command, index) => ({ command, index, score: score(command, needle) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.command);
}

/** True when a key press should open the palette: Ctrl/⌘+K anywhere, '/' outside text fields. */
export function isPaletteShortcut(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  targetIsEditable: boolean;
}): boolean {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') return true;
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !event.targetIsEditable;
}
