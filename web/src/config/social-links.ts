/**
 * Community links shown on the maintenance screen (and later the Socials page).
 * The spec names the channels but not their addresses, so they are build configuration
 * (`VITE_SOCIAL_*`); unset channels are left out. The token project's public source is always shown.
 */
export interface SocialLink {
  readonly id: string;
  readonly label: string;
  readonly url: string;
}

const env = import.meta.env;

const configured: ReadonlyArray<SocialLink | null> = [
  env.VITE_SOCIAL_TELEGRAM ? { id: 'telegram', label: 'Telegram community', url: env.VITE_SOCIAL_TELEGRAM } : null,
  env.VITE_SOCIAL_TELEGRAM_SUPPORT
    ? { id: 'telegram-support', label: 'Telegram support', url: env.VITE_SOCIAL_TELEGRAM_SUPPORT }
    : null,
  env.VITE_SOCIAL_YOUTUBE ? { id: 'youtube', label: 'YouTube', url: env.VITE_SOCIAL_YOUTUBE } : null,
  env.VITE_SOCIAL_X ? { id: 'x', label: 'X (product)', url: env.VITE_SOCIAL_X } : null,
  env.VITE_SOCIAL_X_CEO ? { id: 'x-ceo', label: 'X (CEO)', url: env.VITE_SOCIAL_X_CEO } : null,
];

export const SOCIAL_LINKS: readonly SocialLink[] = [
  ...configured.filter((link): link is SocialLink => link !== null),
  { id: 'github', label: 'GitHub (token contracts)', url: 'https://github.com/BankXio' },
];
