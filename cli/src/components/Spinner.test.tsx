import { render } from 'ink-testing-library';
import { describe, expect, it, vi } from 'vitest';
import { plain } from '../testing/ink.js';
import { SPINNER_FRAMES, Spinner } from './Spinner.js';

describe('Spinner', () => {
  it('turns while mounted', async () => {
    const { lastFrame, unmount } = render(<Spinner intervalMs={5} />);
    expect(plain(lastFrame())).toBe(SPINNER_FRAMES[0]);
    await vi.waitFor(() => expect(plain(lastFrame())).not.toBe(SPINNER_FRAMES[0]));
    unmount();
  });
});
