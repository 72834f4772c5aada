import type { ContactStatus } from '@xsd/contracts/api/contact';
import type { Default, Timestamp, TimestampDefault, UuidDefault } from '../../database/column-types.js';

export interface ContactSubmissionsTable {
  id: UuidDefault;
  name: string;
  email: string;
  phone: string | null;
  subject: Default<string>;
  message: string;
  photo_url: string | null;
  status: Default<ContactStatus>;
  created_at: TimestampDefault;
  admin_reply: string | null;
  replied_at: Timestamp | null;
  replied_by: string | null;
}
