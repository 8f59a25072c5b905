import { ArchiveCard } from './ArchiveCard';
import { DeleteAccountCard } from './DeleteAccountCard';
import { VisibilityCard } from './VisibilityCard';

/** The settings' privacy tab: who sees one's phone and birthday, one's data, leaving. */
export function PrivacyPanel() {
  return (
    <>
      <VisibilityCard />
      <ArchiveCard />
      <DeleteAccountCard />
    </>
  );
}
