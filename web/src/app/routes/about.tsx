import { AboutPage } from '../../features/community/components/about-page';

export default function AboutRoute() {
  return <AboutPage />;
}
