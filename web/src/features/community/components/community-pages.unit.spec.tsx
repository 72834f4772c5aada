// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { GUIDE_LINKS } from '../lib/guide-content';
import { GuidePage } from './guide-page';
import { ShopPage } from './shop-page';
import { SocialsPage } from './socials-page';

afterEach(cleanup);

const inRouter = (node: ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);

describe('the Shop page', () => {
  it('links out to the configured store and chat in a new tab', () => {
    render(<ShopPage storeUrl="https://store.example" chatUrl="https://chat.example" />);
    const store = screen.getByTestId('shop-store-link');
    expect(store.getAttribute('href')).toBe('https://store.example');
    expect(store.getAttribute('target')).toBe('_blank');
    expect(store.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByTestId('shop-chat-link').getAttribute('href')).toBe('https://chat.example');
  });

  it('shows an unconfigured link as not available, pointing nowhere', () => {
    render(<ShopPage storeUrl={null} chatUrl={null} />);
    const store = screen.getByTestId('shop-store-link');
    expect(store.tagName).toBe('SPAN');
    expect(store.textContent).toContain('not available');
    expect(screen.queryAllByRole('link')).toEqual([]);
  });
});

describe('the Socials page', () => {
  it('lists every channel, linked where configured', () => {
    render(
      <SocialsPage
        channels={[
          { id: 'telegram', label: 'Telegram community', description: 'Main community chat', url: 'https://t.example/main' },
          { id: 'youtube', label: 'YouTube', description: 'Videos', url: null },
        ]}
      />,
    );
    expect(within(screen.getByTestId('social:telegram')).getByRole('link').getAttribute('href')).toBe('https://t.example/main');
    expect(within(screen.getByTestId('social:youtube')).queryByRole('link')).toBeNull();
    expect(screen.getByTestId('social:youtube').textContent).toContain('not available');
  });
});

describe('the guide', () => {
  it('shows the version and build date it is given', () => {
    inRouter(<GuidePage version="1.0.3" buildDate="Unknown" />);
    expect(screen.getByTestId('guide-version').textContent).toBe('version 1.0.3 · built Unknown');
  });

  it('starts with every section closed, and opens one when its title is clicked', async () => {
    const user = userEvent.setup();
    inRouter(<GuidePage version="2.0.0" buildDate="2026-11-22" />);
    const sections = screen.getAllByTestId(/^guide-section:/) as HTMLDetailsElement[];
    expect(sections.map((section) => section.open)).toEqual([false, false, false, false, false, false]);
    await user.click(within(sections[2]!).getByText('Arbitrage hunter'));
    expect(sections[2]!.open).toBe(true);
  });

  it("links to the spec's pages", () => {
    inRouter(<GuidePage version="2.0.0" buildDate="2026-11-22" />);
    const hrefs = within(screen.getByTestId('guide-links'))
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(GUIDE_LINKS.map((link) => link.path));
    expect(hrefs).toEqual([
      '/',
      '/wallet-checker',
      '/arbitrage-hunter',
      '/gas-tracker',
      '/price-alerts',
      '/calendar',
      '/add-to-wallet',
      '/system-compatibility',
      '/silver-price',
      '/contact',
      '/socials',
    ]);
  });
});
