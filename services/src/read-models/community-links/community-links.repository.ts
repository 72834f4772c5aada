import { Injectable } from '@nestjs/common';
import { COMMUNITY_LINK_IDS, type CommunityLinkId, type CommunityLinks } from '@xsd/contracts/api/community-links';
import { DatabaseRepository } from '../database-repository.js';

@Injectable()
export class CommunityLinksRepository extends DatabaseRepository {
  /** The links staff set, in the contracts' order; a link never set is absent. */
  async current(): Promise<CommunityLinks> {
    const rows = await this.db.selectFrom('community_links').select(['link_id', 'url']).execute();
    const byId = new Map(rows.map((row) => [row.link_id, row.url]));
    const links: Partial<Record<CommunityLinkId, string | null>> = {};
    for (const id of COMMUNITY_LINK_IDS) if (byId.has(id)) links[id] = byId.get(id) ?? null;
    return links;
  }
}
