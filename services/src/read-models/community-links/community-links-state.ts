import type { CommunityLinks } from '@xsd/contracts/api/community-links';
import type { DecidedEvent } from '../../event-sourcing/decider.js';

export type CommunityLinksEvent = DecidedEvent<'site.links-changed'>;

/** The links staff set, as the decider folds them and the community_links rows hold them. */
export type CommunityLinksState = CommunityLinks;

export const initialCommunityLinksState: CommunityLinksState = {};

export function evolveCommunityLinks(state: CommunityLinksState, event: CommunityLinksEvent): CommunityLinksState {
  return { ...state, ...event.data.links };
}
