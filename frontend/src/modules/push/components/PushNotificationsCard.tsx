import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { Button } from '@/modules/ui/components/Button';
import { FormError } from '@/modules/ui/components/Field';
import { Card, Muted, Row, Stack } from '@/modules/ui/components/Layout';
import { usePushNotifications } from '../hooks/usePushNotifications';

/** Push notifications on this device: turn them on or off. */
export function PushNotificationsCard() {
  const { t } = useTranslation();
  const { run } = useReportedCall();
  const { status, busy, hasStore, turnOn, turnOff } = usePushNotifications();
  const [failure, setFailure] = useState<string | null>(null);

  // Turning on may end blocked (the browser asked and was told no): only `on` is a success.
  const handleTurnOn = () =>
    run(turnOn, { key: 'push', done: (now) => (now === 'on' ? t('settings.pushTurnedOn') : null), inline: setFailure });

  const handleTurnOff = () => run(turnOff, { key: 'push', done: 'settings.pushTurnedOff', inline: setFailure });

  let note: string | null = null;
  if (status === 'unsupported') note = t('settings.pushUnsupported');
  else if (status === 'blocked') note = t('settings.pushBlocked');
  else if (status === 'on') note = t('settings.pushIsOn');
  else if (!hasStore) note = t('settings.pushNeedsStore');

  return (
    <Card>
      <Stack>
        <h2 style={{ margin: 0 }}>{t('settings.notifications')}</h2>
        <Muted>{t('settings.pushExplain')}</Muted>
        {note ? <p role="status" style={{ margin: 0 }}>{note}</p> : null}
        {failure ? <FormError role="alert">{failure}</FormError> : null}
        <Row $justify="flex-end">
          {status === 'on' ? (
            <Button type="button" $variant="secondary" disabled={busy} onClick={handleTurnOff}>
              {t('settings.pushTurnOff')}
            </Button>
          ) : status === 'off' || status === 'blocked' ? (
            <Button type="button" disabled={busy || !hasStore} onClick={handleTurnOn}>
              {t('settings.pushTurnOn')}
            </Button>
          ) : null}
        </Row>
      </Stack>
    </Card>
  );
}
