import { SystemCheck } from '../../features/system-compatibility/components/system-check';

/** /system-compatibility: the System Check. */
export default function SystemCompatibilityRoute() {
  return <SystemCheck />;
}
