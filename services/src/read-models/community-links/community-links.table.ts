import type { Timestamp } from '../../database/column-types.js';

/** One row per community link staff ever set; `url` null when cleared. Written by its projection alone. */
export interface CommunityLinksTable {
  link_id: string;
  url: string | null;
  updated_at: Timestamp;
  updated_by: string | null;
}
