import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { TextField } from '@/modules/ui/components/Field';
import { Card, Muted, PageHeader, Row, Stack } from '@/modules/ui/components/Layout';
import { Loading } from '@/modules/ui/components/Spinner';
import { useBookingAccess } from '../hooks/useBookingAccess';
import { useEvents } from '../hooks/useEvents';
import { BookingOff } from './BookingOff';
import { StatusPill } from './StatusPill';

const StyledQr = styled.figure`
  margin: 0;
  align-self: center;
  padding: ${({ theme }) => theme.spacing(3)};
  border-radius: ${({ theme }) => theme.radius}px;
  line-height: 0;
  svg { width: min(240px, 70vw); height: auto; }
`;

/** The public address of an event: `{origin}/book/{url}`. */
export function publicLink(origin: string, url: string): string {
  return `${origin}/book/${encodeURIComponent(url)}`;
}

/**
 * `/booking/link/:id`: an event's public page address, to copy or to open, and as a QR code
 * to print or show at the counter.
 */
export function EventLinkScreen() {
  const { t } = useTranslation();
  const { id } = useParams();
  const open = useBookingAccess();
  const { store } = useCurrentStore();
  const { events } = useEvents();
  const [copied, setCopied] = useState(false);
  if (!store || !events) return <Loading label={t('common.loading')} />;
  if (!open) return <BookingOff />;
  const event = events.find((e) => e.id === id);
  if (!event) {
    return (
      <Card role="alert" data-testid="event-missing">
        {t('booking.events.missing')} <Link to="/booking">{t('booking.events.backToList')}</Link>
      </Card>
    );
  }
  const link = publicLink(window.location.origin, event.url);

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin): the field is selected for the reader to copy.
      (document.getElementById('event-link-field') as HTMLInputElement | null)?.select();
    }
  };

  return (
    <>
      <PageHeader>
        <h1>{t('booking.link.title', { title: event.title })}</h1>
        <Link to="/booking">{t('booking.events.backToList')}</Link>
      </PageHeader>
      <Card>
        <Stack $gap={4}>
          <Row>
            <StatusPill $on={event.isActive}>{event.isActive ? t('booking.events.enabled') : t('booking.events.disabled')}</StatusPill>
            {event.isActive ? null : <Muted>{t('booking.link.disabledHint')}</Muted>}
          </Row>
          <TextField id="event-link-field" label={t('booking.link.address')} value={link} readOnly dir="ltr" onFocus={(e) => e.target.select()} data-testid="event-link-url" />
          <Row>
            <Button onClick={() => void handleCopy()} data-testid="event-link-copy">
              {t('booking.link.copy')}
            </Button>
            <a href={link} target="_blank" rel="noreferrer">
              {t('booking.link.open')}
            </a>
            <span role="status">{copied ? t('booking.link.copied') : ''}</span>
          </Row>
          <StyledQr>
            <QRCodeSVG value={link} size={240} marginSize={2} title={t('booking.link.qr', { title: event.title })} />
          </StyledQr>
        </Stack>
      </Card>
    </>
  );
}
