import { describe, expect, it } from 'vitest';
import { communityLinks, communityLinksInForce } from './social-links';

describe('the community links in force', () => {
  it('are the build-time seeds while staff set nothing; the contact chat follows the community chat', () => {
    const links = communityLinks({});
    expect(links.channels.find((channel) => channel.id === 'github')?.url).toBe('https://github.com/BankXio');
    expect(links.contactChatUrl).toBe(links.communityChatUrl);
    expect(links.socialLinks.map((link) => link.id)).toContain('github');
  });

  it('take what staff set, and a cleared link (null) is not available even where a seed exists', () => {
    const links = communityLinks({ shop: 'https://store.example', community_chat: 'https://t.me/xsd', github: null, x_ceo: 'https://x.com/ceo' });
    expect(links.shopUrl).toBe('https://store.example');
    expect(links.communityChatUrl).toBe('https://t.me/xsd');
    expect(links.contactChatUrl).toBe('https://t.me/xsd');
    expect(links.channels.find((channel) => channel.id === 'github')?.url).toBeNull();
    expect(links.channels.find((channel) => channel.id === 'x-ceo')?.url).toBe('https://x.com/ceo');
    expect(links.socialLinks.map((link) => link.id)).toEqual(expect.arrayContaining(['telegram', 'x-ceo']));
    expect(links.socialLinks.map((link) => link.id)).not.toContain('github');
  });

  it('keep a contact chat of its own once staff set or clear it', () => {
    expect(communityLinksInForce({ community_chat: 'https://t.me/xsd', contact_chat: 'https://t.me/help' }).contact_chat).toBe('https://t.me/help');
    expect(communityLinksInForce({ community_chat: 'https://t.me/xsd', contact_chat: null }).contact_chat).toBeNull();
  });
});
