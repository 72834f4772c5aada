import { useCommunityLinks } from '../../api/get-site';
import { ShopPage } from '../../features/community/components/shop-page';

export default function ShopRoute() {
  const links = useCommunityLinks();
  return <ShopPage storeUrl={links.shopUrl} chatUrl={links.communityChatUrl} />;
}
