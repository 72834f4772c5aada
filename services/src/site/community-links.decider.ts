import type { CommunityLinkId } from '@xsd/contracts/api/community-links';
import { type Decider, unreachable } from '../event-sourcing/decider.js';
import {
  type CommunityLinksEvent,
  type CommunityLinksState,
  evolveCommunityLinks,
  initialCommunityLinksState,
} from '../read-models/community-links/community-links-state.js';

/** Staff set some links; a link left out keeps its value, null clears it. */
export interface SetCommunityLinks {
  readonly type: 'SetCommunityLinks';
  readonly data: { readonly links: Partial<Record<CommunityLinkId, string | null>> };
  readonly metadata: { readonly now: Date };
}

export type CommunityLinksCommand = SetCommunityLinks;

/** One event naming only the links that change, with their values before; none when nothing does. */
function setLinks({ data }: SetCommunityLinks, state: CommunityLinksState): CommunityLinksEvent[] {
  const links: Partial<Record<CommunityLinkId, string | null>> = {};
  const previous: Partial<Record<CommunityLinkId, string | null>> = {};
  for (const [id, url] of Object.entries(data.links) as [CommunityLinkId, string | null | undefined][]) {
    if (url === undefined || (Object.hasOwn(state, id) && state[id] === url)) continue;
    links[id] = url;
    previous[id] = state[id] ?? null;
  }
  if (Object.keys(links).length === 0) return [];
  return [{ type: 'site.links-changed', data: { links, previous } }];
}

export const communityLinksDecider: Decider<CommunityLinksCommand, CommunityLinksEvent, CommunityLinksState> = {
  initialState: initialCommunityLinksState,
  decide(command, state) {
    switch (command.type) {
      case 'SetCommunityLinks':
        return setLinks(command, state);
      default:
        return unreachable(command.type);
    }
  },
  evolve: evolveCommunityLinks,
};
