import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Privacy, Visibility } from '@/modules/api/types';
import { useApi } from '@/modules/auth/hooks/useApi';
import { useMe } from '@/modules/auth/hooks/useMe';
import { useSession } from '@/modules/auth/hooks/useSession';
import { choiceOf } from '@/modules/forms/validation';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { Button } from '@/modules/ui/components/Button';
import { FormError, SelectField } from '@/modules/ui/components/Field';
import { Card, Muted, Row, Stack } from '@/modules/ui/components/Layout';
import { PRIVATE_FIELDS, VISIBILITIES, type PrivateField } from '../utils/privacy';

const DEFAULT: Privacy = { phone: 'managers', birthday: 'managers' };

/** Who in the person's stores sees their phone number and their birthday. */
export function VisibilityCard() {
  const { t } = useTranslation();
  const api = useApi();
  const me = useMe();
  const { refreshMe } = useSession();
  const { run, busy } = useReportedCall();
  const [choice, setChoice] = useState<Privacy>(me?.privacy ?? DEFAULT);
  const [failure, setFailure] = useState<string | null>(null);
  const options = VISIBILITIES.map((v) => ({ value: v, label: t(`privacy.audience.${v}`) }));

  const handleChange = (field: PrivateField, value: string) => {
    const next: Visibility | undefined = choiceOf(VISIBILITIES, value);
    if (next) setChoice((c) => ({ ...c, [field]: next }));
  };

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    await run(
      async () => {
        await api.call('updatePrivacySettings', choice);
        await refreshMe();
      },
      { key: 'privacy', done: 'privacy.saved', inline: setFailure },
    );
  };

  return (
    <Card>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <h2 style={{ margin: 0 }}>{t('privacy.whoSees')}</h2>
          <Muted>{t('privacy.whoSeesExplain')}</Muted>
          {PRIVATE_FIELDS.map((field) => (
            <SelectField
              key={field}
              label={t(`privacy.field.${field}`)}
              value={choice[field]}
              options={options}
              onChange={(e) => handleChange(field, e.target.value)}
              data-testid={`privacy-${field}`}
            />
          ))}
          <Muted>{t('privacy.managersNote')}</Muted>
          {failure ? <FormError role="alert">{failure}</FormError> : null}
          <Row $justify="flex-end">
            <Button type="submit" disabled={busy}>{t('common.save')}</Button>
          </Row>
        </Stack>
      </form>
    </Card>
  );
}
