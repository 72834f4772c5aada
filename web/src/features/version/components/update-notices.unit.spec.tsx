// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AppUpdateContext } from '../hooks/use-app-update';
import { AppUpdate, type UpdateWorker } from '../lib/app-update';
import { UpdateBanner } from './update-banner';
import { UpdateToast } from './update-toast';

function renderNotices(worker: UpdateWorker) {
  const sent: string[] = [];
  const update = new AppUpdate({ reload: () => sent.push('reload'), setTimer: () => undefined });
  update.attachWorker({
    ...worker,
    skipWaiting: () => void sent.push('SKIP_WAITING'),
    checkForUpdate: () => void sent.push('CHECK_UPDATE'),
  });
  render(
    <AppUpdateContext.Provider value={update}>
      <UpdateBanner />
      <UpdateToast />
    </AppUpdateContext.Provider>,
  );
  return { update, sent };
}

const controlling = (waiting: boolean): UpdateWorker => ({
  controlsPage: () => true,
  hasWaiting: () => waiting,
  skipWaiting: () => undefined,
  checkForUpdate: () => undefined,
});

afterEach(cleanup);

describe('the update notices', () => {
  it('show nothing while there is no update', () => {
    renderNotices(controlling(false));
    expect(screen.queryByTestId('update-banner')).toBeNull();
    expect(screen.queryByTestId('update-toast')).toBeNull();
  });

  it("show 'New version available!' with 'Update Now' when /version.json changed", async () => {
    const { update, sent } = renderNotices(controlling(false));
    act(() => update.versionChanged());
    expect(screen.getByTestId('update-banner').textContent).toContain('New version available!');
    await userEvent.click(screen.getByRole('button', { name: 'Update Now' }));
    expect(sent).toEqual(['CHECK_UPDATE', 'CHECK_UPDATE']);
    expect(screen.getByRole('button', { name: 'Updating…' })).toHaveProperty('disabled', true);
  });

  it("show the 'Update Available' toast instead once a new worker waits, whose Update skips waiting", async () => {
    const { update, sent } = renderNotices(controlling(true));
    act(() => update.versionChanged());
    expect(screen.queryByTestId('update-banner')).toBeNull();
    const toast = screen.getByTestId('update-toast');
    expect(toast.querySelector('h2')?.textContent).toBe('Update Available');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(sent).toEqual(['SKIP_WAITING']);
  });

  it('go away when put off', async () => {
    renderNotices(controlling(true));
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByTestId('update-toast')).toBeNull();
  });
});
