import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { plain } from '../testing/ink.js';
import { Notice } from './Notice.js';

describe('Notice', () => {
  it('marks the line by what it means', () => {
    expect(plain(render(<Notice tone="warning">Site maintenance: Upgrade</Notice>).lastFrame())).toBe('⚠ Site maintenance: Upgrade');
    expect(plain(render(<Notice tone="negative">Scan Error</Notice>).lastFrame())).toBe('✗ Scan Error');
  });
});
