import { useCommunityLinks } from '../../api/get-site';
import { SocialsPage } from '../../features/community/components/socials-page';

export default function SocialsRoute() {
  return <SocialsPage channels={useCommunityLinks().channels} />;
}
