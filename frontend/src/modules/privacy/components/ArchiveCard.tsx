import { useTranslation } from 'react-i18next';
import { useApi } from '@/modules/auth/hooks/useApi';
import { saveFile } from '@/modules/files/hooks/useFileUrl';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { Button } from '@/modules/ui/components/Button';
import { Card, Muted, Row, Stack } from '@/modules/ui/components/Layout';

/** Downloads everything the product holds about the person, as one JSON file. */
export function ArchiveCard() {
  const { t } = useTranslation();
  const api = useApi();
  const { run, busy } = useReportedCall();

  const handleDownload = async () => {
    const file = await run(() => api.download('/me/archive'), { key: 'archive', done: 'privacy.archiveReady' });
    if (file) await saveFile(file.data.blob, file.data.filename);
  };

  return (
    <Card>
      <Stack>
        <h2 style={{ margin: 0 }}>{t('privacy.archive')}</h2>
        <Muted>{t('privacy.archiveExplain')}</Muted>
        <Row $justify="flex-end">
          <Button type="button" $variant="secondary" disabled={busy} onClick={() => void handleDownload()} data-testid="download-archive">
            {t('privacy.downloadArchive')}
          </Button>
        </Row>
      </Stack>
    </Card>
  );
}
