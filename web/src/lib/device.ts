/**
 * Facts about the device the install and notification flows both need: iPhone / iPad (which
 * install and push differently, through the Home Screen) and whether the app runs installed.
 */
export interface DeviceFacts {
  readonly userAgent: string;
  /** `navigator.platform`: iPadOS reports 'MacIntel' with a touch screen. */
  readonly platform: string;
  readonly maxTouchPoints: number;
}

export function isIosDevice(facts: DeviceFacts): boolean {
  return /\b(iPhone|iPad|iPod)\b/.test(facts.userAgent) || (facts.platform === 'MacIntel' && facts.maxTouchPoints > 1);
}

export function readDeviceFacts(): DeviceFacts {
  return { userAgent: navigator.userAgent, platform: navigator.platform ?? '', maxTouchPoints: navigator.maxTouchPoints ?? 0 };
}

/** Opened as an installed app: from the Home Screen (iOS) or an app window (display-mode standalone). */
export function runsStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { readonly standalone?: boolean }).standalone === true;
  return iosStandalone || (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches);
}
