import { textTable } from '../output/text-table.js';
import { progressBar, type SilverView } from './silver-view.js';

/** `xsd silver` without a terminal. */
export function silverText(view: SilverView): string[] {
  return [
    ...textTable(view.fields.map((f) => [f.label, f.value])),
    '',
    `Progress to $1.50  ${progressBar(view.progressPercent)} ${view.progressLabel}`,
    '',
    'Milestones',
    ...textTable(view.milestones.map((m) => [`  ${m.target}`, m.label])),
  ];
}
