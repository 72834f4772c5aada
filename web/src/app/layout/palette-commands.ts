import type { PaletteCommand } from '../../components/command-palette/filter-commands';
import { ROUTES } from '../../config/routes';

/** Every routed page, in the route table's order. */
export const PALETTE_COMMANDS: readonly PaletteCommand[] = ROUTES.filter((route) => route.routed).map((route) => ({
  id: route.path,
  label: route.name,
  path: route.path,
  hint: route.description,
}));
