/// <reference types="vite/client" />

/** The root package.json version at build time (the running bundle's own version). */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  readonly VITE_SOCIAL_TELEGRAM?: string;
  readonly VITE_SOCIAL_TELEGRAM_SUPPORT?: string;
  readonly VITE_SOCIAL_YOUTUBE?: string;
  readonly VITE_SOCIAL_X?: string;
  readonly VITE_SOCIAL_X_CEO?: string;
  readonly VITE_SOCIAL_VIDEO_OTHER?: string;
  /** The external merchandise store of the Shop page. */
  readonly VITE_SHOP_URL?: string;
  readonly VITE_SWAP_URL?: string;
}
