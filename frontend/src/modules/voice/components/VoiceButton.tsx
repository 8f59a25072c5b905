import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Mic } from 'lucide-react';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';

// The panel and its recorder load when first opened.
const VoicePanel = lazy(() => import('./VoicePanel').then((m) => ({ default: m.VoicePanel })));

/** The microphone button of the top bar, on phones and desktops: opens the voice assistant. */
export function VoiceButton() {
  const { t } = useTranslation();
  const { storeId } = useCurrentStore();
  const [open, setOpen] = useState(false);
  if (!storeId) return null;
  return (
    <>
      <Button $variant="ghost" $small onClick={() => setOpen(true)} aria-label={t('voice.open')} title={t('voice.open')} data-testid="voice-open">
        <Mic size={20} aria-hidden="true" />
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <VoicePanel storeId={storeId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
