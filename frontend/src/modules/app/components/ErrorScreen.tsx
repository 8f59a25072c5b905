import { useTranslation } from 'react-i18next';
import { Button } from '@/modules/ui/components/Button';
import { Card, NarrowPage, Stack } from '@/modules/ui/components/Layout';

/** The global error screen: an apology and a way back home. */
export function ErrorScreen({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <NarrowPage>
      <Card>
        <Stack>
          <h1>{t('error.title')}</h1>
          <p>{t('error.body')}</p>
          <Button onClick={onBack}>{t('error.goBack')}</Button>
        </Stack>
      </Card>
    </NarrowPage>
  );
}
