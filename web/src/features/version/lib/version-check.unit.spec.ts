import { describe, expect, it } from 'vitest';
import { evaluateVersion } from './version-check';

describe('evaluateVersion', () => {
  it('records the version on a first visit without offering an update', () => {
    expect(evaluateVersion(null, '1.0.3', '1.0.3')).toEqual({ updateAvailable: false, store: '1.0.3' });
  });

  it('offers an update when the served version differs from the stored one', () => {
    expect(evaluateVersion('1.0.3', '1.0.4', '1.0.3')).toEqual({ updateAvailable: true, store: '1.0.4' });
  });

  it('stays quiet when nothing changed', () => {
    expect(evaluateVersion('1.0.3', '1.0.3', '1.0.3')).toEqual({ updateAvailable: false, store: '1.0.3' });
  });

  it('stays quiet when this page already runs the served version', () => {
    expect(evaluateVersion('1.0.3', '1.0.4', '1.0.4')).toEqual({ updateAvailable: false, store: '1.0.4' });
  });
});
