import {
  COMMUNITY_LINK_IDS,
  COMMUNITY_LINK_LABELS,
  type CommunityLinkId,
  type CommunityLinks,
  MAX_COMMUNITY_LINK_LENGTH,
  UpdateCommunityLinksRequestSchema,
} from '@xsd/contracts/api/community-links';
import { useId, useState, type FormEvent } from 'react';
import { communityLinksInForce } from '../../../../config/social-links';
import { serverMessage } from '../../../../lib/api-client';
import { FormPanel } from '../../components/list-and-form-panel';
import { ADMIN_MESSAGES } from '../../lib/messages';
import { useTimedFlag } from '../../lib/use-timed-flag';
import { useUpdateCommunityLinks } from '../api/update-community-links';

type Drafts = Record<CommunityLinkId, string>;

/** What each field starts with: the link in force (set by staff, else its build-time seed). */
function initialDrafts(set: CommunityLinks): Drafts {
  const inForce = communityLinksInForce(set);
  return Object.fromEntries(COMMUNITY_LINK_IDS.map((id) => [id, inForce[id] ?? ''])) as Drafts;
}

/**
 * The 'Community Links' section of the Maintenance tab over `PATCH /api/admin/site/links`: the
 * shop, chats and social channels shown on /shop, /socials, /contact and the maintenance screen.
 * Only the fields changed are sent; an emptied field clears its link (shown as not available).
 */
export function CommunityLinksSection({ links }: { readonly links: CommunityLinks }) {
  const id = useId();
  const update = useUpdateCommunityLinks();
  const [drafts, setDrafts] = useState<Drafts>(() => initialDrafts(links));
  const [error, setError] = useState<string | null>(null);
  const [saved, flashSaved] = useTimedFlag<true>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const before = initialDrafts(links);
    const changes = Object.fromEntries(COMMUNITY_LINK_IDS.filter((link) => drafts[link].trim() !== before[link]).map((link) => [link, drafts[link]]));
    // The server's own rules, so a wrong address is named before anything is sent.
    const parsed = UpdateCommunityLinksRequestSchema.safeParse(changes);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ADMIN_MESSAGES.linksUpdateFailed);
      return;
    }
    update.mutate(changes, {
      onSuccess: (site) => {
        setDrafts(initialDrafts(site.community_links ?? {}));
        flashSaved(true);
      },
      onError: (failure) => setError(serverMessage(failure) ?? ADMIN_MESSAGES.linksUpdateFailed),
    });
  };

  return (
    <FormPanel
      title="Community Links"
      testId="community-links-form"
      onSubmit={submit}
      error={error}
      busy={update.isPending}
      busyLabel="Saving..."
      submitLabel="Save Links"
      onCancel={() => {
        setError(null);
        setDrafts(initialDrafts(links));
      }}
      extraButtons={
        saved ? (
          <span className="ok" role="status" data-testid="community-links-saved">
            {ADMIN_MESSAGES.linksUpdated}
          </span>
        ) : null
      }
    >
      <p className="muted">Shown on /shop, /socials, /contact and the maintenance screen. https:// addresses only; leave a field empty to show the link as not available.</p>
      {COMMUNITY_LINK_IDS.map((link) => (
        <label key={link} className="field" htmlFor={`${id}-${link}`}>
          <span className="field__label">{COMMUNITY_LINK_LABELS[link]}</span>
          <input
            id={`${id}-${link}`}
            className="input"
            type="url"
            inputMode="url"
            value={drafts[link]}
            maxLength={MAX_COMMUNITY_LINK_LENGTH}
            placeholder="https://"
            data-testid={`community-link:${link}`}
            onChange={(event) => setDrafts((current) => ({ ...current, [link]: event.target.value }))}
          />
        </label>
      ))}
    </FormPanel>
  );
}
