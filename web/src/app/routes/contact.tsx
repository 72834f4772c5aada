import { useCommunityLinks } from '../../api/get-site';
import { ContactPage } from '../../features/contact/components/contact-page';

export default function ContactRoute() {
  return <ContactPage chatUrl={useCommunityLinks().contactChatUrl} />;
}
