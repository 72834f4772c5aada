import { type ChangeTone, changeTone } from '@xsd/contracts/rules/format';

/** The text colour class of each tone of a change (0.00% keeps the plain text colour). */
const CHANGE_CLASS: Readonly<Record<ChangeTone, string>> = { positive: 'ok', negative: 'err', neutral: '', none: 'muted' };

/** The class a change percent is shown with, by the contracts' rule (the CLI colours by it too). */
export function changeClass(percent: number | null | undefined): string {
  return CHANGE_CLASS[changeTone(percent)];
}
