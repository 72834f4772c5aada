/**
 * `/api/admin/chains[/:chain_name]` (permission `chain_settings`): the Chain Settings tab. GET
 * lists every network with its status; PATCH sets what it names (the edit form sends status,
 * display name and message; the quick toggle sends `{ "is_active": … }`). The public
 * `GET /api/chains` and `GET /api/prices/latest` show the change once it answers.
 */
import { z } from 'zod';
import { optionalTextPatch } from './admin-content.js';
import type { ChainStatusEntry } from './chains.js';

export const MAX_CHAIN_DISPLAY_NAME = 100;
export const MAX_CHAIN_MAINTENANCE_MESSAGE = 500;

export const CHAIN_UPDATE_FAILED_MESSAGE = 'Failed to update chain setting. Please try again.';
export const CHAIN_TOGGLE_FAILED_MESSAGE = 'Failed to update chain status. Please try again.';
/** Shown (not enforced) when a chain goes inactive without a message: recommended, not required. */
export const CHAIN_INACTIVE_WITHOUT_MESSAGE_WARNING =
  'No maintenance message set: visitors will see the default maintenance banner.';
/** How long the 'Saved' marker stays after a save (ms). */
export const CHAIN_SAVED_MARKER_MS = 3000;

/** A network as the tab lists it: the public entry plus what staff set themselves. */
export interface AdminChainSetting extends ChainStatusEntry {
  /** Staff's own display name (null: the network's name, which `display_name` then shows). */
  readonly custom_display_name: string | null;
  /** The message staff stored, kept while the chain is active (the public entry hides it then). */
  readonly stored_maintenance_message: string | null;
  readonly updated_by: string | null;
}

export interface AdminChainsResponse {
  readonly items: readonly AdminChainSetting[];
}

export interface AdminChainResponse {
  readonly item: AdminChainSetting;
}

export const UpdateChainSettingRequestSchema = z.object(
  {
    is_active: z.boolean({ error: 'is_active must be true or false' }).optional(),
    /** null or '': back to the network's own name. */
    display_name: optionalTextPatch('display_name', MAX_CHAIN_DISPLAY_NAME),
    /** null or '': the default banner text. */
    maintenance_message: optionalTextPatch('maintenance_message', MAX_CHAIN_MAINTENANCE_MESSAGE),
  },
  { error: 'Send the fields to change as a JSON object' },
);
export type UpdateChainSettingRequest = z.input<typeof UpdateChainSettingRequestSchema>;

export const unknownChainSettingMessage = (name: string) => `Unknown network '${name}'`;
