import { ShopPage } from '../../features/community/components/shop-page';

export default function ShopRoute() {
  return <ShopPage />;
}
