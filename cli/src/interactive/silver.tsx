import { SilverPanel } from '../components/SilverPanel.js';
import { printOnce } from '../output/ink-runtime.js';
import type { SilverView } from '../views/silver-view.js';

export function showSilver(view: SilverView): void {
  printOnce(<SilverPanel view={view} />);
}
