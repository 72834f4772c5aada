import { describe, expect, it } from 'vitest';
import { fold } from '../event-sourcing/decider.js';
import type { CommunityLinksEvent } from '../read-models/community-links/community-links-state.js';
import { communityLinksDecider, type SetCommunityLinks } from './community-links.decider.js';

const NOW = new Date('2026-11-21T10:00:00.000Z');

/** given these events, when staff set these links: the events decided. */
function when(given: readonly CommunityLinksEvent[], links: SetCommunityLinks['data']['links']): readonly CommunityLinksEvent[] {
  return communityLinksDecider.decide({ type: 'SetCommunityLinks', data: { links }, metadata: { now: NOW } }, fold(communityLinksDecider, given));
}

const changed = (links: SetCommunityLinks['data']['links'], previous: SetCommunityLinks['data']['links']): CommunityLinksEvent => ({
  type: 'site.links-changed',
  data: { links, previous },
});

describe('when no link was ever set', () => {
  it('records the links set, each one before as null', () => {
    expect(when([], { shop: 'https://store.example', x: 'https://x.com/xsd' })).toEqual([
      changed({ shop: 'https://store.example', x: 'https://x.com/xsd' }, { shop: null, x: null }),
    ]);
  });

  it('records a cleared link (null), which hides the build-time seed from then on', () => {
    expect(when([], { github: null })).toEqual([changed({ github: null }, { github: null })]);
  });

  it('decides nothing for no links', () => {
    expect(when([], {})).toEqual([]);
  });
});

describe('when links are set', () => {
  const given = [changed({ shop: 'https://store.example', community_chat: 'https://t.me/xsd' }, { shop: null, community_chat: null })];

  it('records only the links that change, with their values before', () => {
    expect(when(given, { shop: 'https://store.example', community_chat: 'https://t.me/xsd_new', youtube: undefined })).toEqual([
      changed({ community_chat: 'https://t.me/xsd_new' }, { community_chat: 'https://t.me/xsd' }),
    ]);
  });

  it('decides nothing when every value is already in force', () => {
    expect(when(given, { shop: 'https://store.example' })).toEqual([]);
  });

  it('clears a link', () => {
    expect(when(given, { shop: null })).toEqual([changed({ shop: null }, { shop: 'https://store.example' })]);
    expect(when([...given, changed({ shop: null }, { shop: 'https://store.example' })], { shop: null })).toEqual([]);
  });
});
