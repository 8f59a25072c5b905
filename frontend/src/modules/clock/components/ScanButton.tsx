import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/modules/ui/components/Button';
import { Dialog } from '@/modules/ui/components/Dialog';
import { Muted } from '@/modules/ui/components/Layout';
import { codeFromScan } from '../utils/clock';

/**
 * Scans the store clock's QR code with the phone's camera and hands over its code. The
 * scanner loads only when asked for; without a camera the typed code still works.
 */
export function ScanButton({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const hasCamera = typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

  useEffect(() => {
    if (!open || !video.current) return;
    let stop: (() => void) | null = null;
    let live = true;
    void import('@zxing/browser')
      .then(async ({ BrowserQRCodeReader }) => {
        const reader = new BrowserQRCodeReader();
        const controls = await reader.decodeFromVideoDevice(undefined, video.current ?? undefined, (result) => {
          const found = result ? codeFromScan(result.getText()) : null;
          if (found && live) {
            live = false;
            controls.stop();
            setOpen(false);
            onCode(found.code);
          }
        });
        stop = () => controls.stop();
        if (!live) stop();
      })
      .catch(() => setError(t('clock.scanFailed')));
    return () => {
      live = false;
      stop?.();
    };
  }, [open, onCode, t]);

  if (!hasCamera) return null;
  return (
    <>
      <Button type="button" $small $variant="secondary" onClick={() => { setError(null); setOpen(true); }} data-testid="clock-scan">
        {t('clock.scan')}
      </Button>
      {open ? (
        <Dialog title={t('clock.scan')} onClose={() => setOpen(false)}>
          <video ref={video} style={{ width: '100%', borderRadius: 8 }} muted playsInline aria-label={t('clock.scanCamera')} />
          {error ? <div role="alert">{error}</div> : <Muted>{t('clock.scanHint')}</Muted>}
        </Dialog>
      ) : null}
    </>
  );
}
