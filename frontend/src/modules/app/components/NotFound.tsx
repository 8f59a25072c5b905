import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card, NarrowPage, Stack } from '@/modules/ui/components/Layout';

/** The page for unknown addresses. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <NarrowPage>
      <Card>
        <Stack>
          <h1>{t('notFound.title')}</h1>
          <Link to="/">{t('notFound.home')}</Link>
        </Stack>
      </Card>
    </NarrowPage>
  );
}
