import { serverMessage } from '../../../lib/api-client';

/** The admin screen's texts from the spec's error catalogue (admin-and-data §2, §8). */
export const ADMIN_MESSAGES = {
  checking: 'Checking admin access...',
  accessError: 'Failed to verify admin access',
  settingsUpdated: 'Settings updated successfully!',
  siteLoadFailed: 'Failed to load site settings. Please try again.',
  toggleFailed: 'Failed to toggle maintenance mode. Please try again.',
  siteUpdateFailed: 'Failed to update site settings. Please try again.',
  linksUpdateFailed: 'Failed to update the community links. Please try again.',
  linksUpdated: 'Links saved',
  cannotBeUndone: 'This cannot be undone.',
} as const;

/** How long the success banner and the 'Saved' marker stay (3 s). */
export const FLASH_MS = 3_000;
/** The login screen's success callback fires this long after sign-in. */
export const LOGIN_SUCCESS_DELAY_MS = 500;

/** 'Failed to create user: <server message>' and the like. */
export function failedWith(prefix: string, error: unknown): string {
  const message = serverMessage(error);
  return message ? `${prefix}: ${message}` : prefix;
}

/** The server's message when there is one, else the spec's fallback. */
export function messageOr(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}
