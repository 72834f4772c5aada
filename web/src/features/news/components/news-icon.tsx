import { MegaphoneIcon } from '../../../components/ui/icons';

/** A style's glyph; the megaphone of unknown types is drawn, not an emoji. */
export function NewsIcon({ icon }: { readonly icon: string }) {
  return icon === 'megaphone' ? <MegaphoneIcon /> : <>{icon}</>;
}
