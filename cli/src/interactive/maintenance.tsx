import { MaintenanceStatus, type MaintenanceStatusProps } from '../components/MaintenanceStatus.js';
import { printOnce } from '../output/ink-runtime.js';

export function showMaintenance(props: MaintenanceStatusProps): void {
  printOnce(<MaintenanceStatus {...props} />);
}
