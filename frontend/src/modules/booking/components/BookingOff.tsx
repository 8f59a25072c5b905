import { useTranslation } from 'react-i18next';
import { Card } from '@/modules/ui/components/Layout';

/** What the booking screens say while the store has booking off (or the user may not schedule). */
export function BookingOff() {
  const { t } = useTranslation();
  return (
    <Card role="status" data-testid="booking-off">
      {t('booking.off')}
    </Card>
  );
}
