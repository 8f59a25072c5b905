import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { PushDeviceStatus } from '@/modules/push/components/PushDeviceStatus';
import { Card, Muted, Stack } from '@/modules/ui/components/Layout';
import { useIsBelow } from '@/modules/ui/hooks/useMediaQuery';
import { up } from '@/modules/ui/theme/tokens';
import type { ChannelChangeHandler } from '../types/notificationSettings';
import type { ShownKindSetting } from '../utils/kinds';
import { ChannelsList } from './ChannelsList';
import { ChannelsTable } from './ChannelsTable';

/* Over the push column, which ends the table's rows in either direction. */
const StyledPushStatus = styled(PushDeviceStatus)`
  ${up('sm')} { margin-inline-start: auto; max-width: 28em; }
`;

export interface NotificationChannelsCardProps {
  kinds: ShownKindSetting[];
  onChange: ChannelChangeHandler;
}

/**
 * How each kind of notification reaches the person: always in the app, and by mail and push
 * as they choose; whether this device takes push notifications at all beside the push switches.
 * A table, or a list on a phone.
 */
export function NotificationChannelsCard({ kinds, onChange }: NotificationChannelsCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const phone = useIsBelow('sm');
  return (
    <Card aria-labelledby={headingId}>
      <Stack $gap={3}>
        <h2 id={headingId} style={{ margin: 0 }}>{t('notificationSettings.heading')}</h2>
        <Muted>{t('notificationSettings.intro')}</Muted>
        <StyledPushStatus />
        {phone ? <ChannelsList kinds={kinds} onChange={onChange} /> : <ChannelsTable kinds={kinds} onChange={onChange} />}
      </Stack>
    </Card>
  );
}
