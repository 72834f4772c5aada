import { vi } from 'vitest';

/**
 * For component tests: records what the page hands to navigator.sendBeacon instead of letting the
 * test DOM send it (happy-dom would post to a server that is not there). Restore with
 * vi.restoreAllMocks().
 */
export function recordBeacons(): { bodies(): Promise<unknown[]>; urls: string[] } {
  const sent: { url: string; data: Blob }[] = [];
  vi.spyOn(navigator, 'sendBeacon').mockImplementation((url, data) => {
    sent.push({ url: String(url), data: data as Blob });
    return true;
  });
  return {
    get urls() {
      return sent.map((s) => s.url);
    },
    bodies: () => Promise.all(sent.map(async (s) => JSON.parse(await s.data.text()) as unknown)),
  };
}
