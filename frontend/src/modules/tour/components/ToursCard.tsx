import { useTranslation } from 'react-i18next';
import { useSnackbar } from '@/modules/snackbar/hooks/useSnackbar';
import { Button } from '@/modules/ui/components/Button';
import { Card, Row, Stack } from '@/modules/ui/components/Layout';
import { useTourRun } from '../hooks/useTourRun';

/** Starts the walkthrough tours again on this device. */
export function ToursCard() {
  const { t } = useTranslation();
  const snack = useSnackbar();
  const { restartAll } = useTourRun('main');

  const handleRestart = () => {
    restartAll();
    snack(t('tour.restarted'), 'success');
  };

  return (
    <Card>
      <Stack>
        <h2 style={{ margin: 0 }}>{t('tour.title')}</h2>
        <Row $justify="flex-end">
          <Button type="button" $variant="secondary" onClick={handleRestart} data-testid="restart-tours">
            {t('tour.restart')}
          </Button>
        </Row>
      </Stack>
    </Card>
  );
}
