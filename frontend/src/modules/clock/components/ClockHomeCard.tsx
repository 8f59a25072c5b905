import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatTimeRange } from '@/modules/ui/utils/format';
import { Button } from '@/modules/ui/components/Button';
import { Card, Muted, Row, Stack } from '@/modules/ui/components/Layout';
import { useNow, type useClock } from '../hooks/useClock';
import { formatDuration, workedMs } from '../utils/clock';
import { locationText } from './ClockPage';

/**
 * The time clock on the employee's home screen: the shift to clock in to now (or the work on
 * the clock with its timer and break), the punches waiting for a connection, and the way to the
 * full clock screen. Nothing when there is nothing to clock. A store that wants the code of its
 * clock sends the employee to the clock screen, where the code is typed or scanned. The home
 * screen reads the clock (`useClock`) and hands it over, so that it lays the page out once both
 * its shifts and its clock are known.
 */
export function ClockHomeCard({ clock }: { clock: ReturnType<typeof useClock> }) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const { open, current, proposal, big, onBreak, busy, zone, waiting } = clock;
  if (!clock.board || (!open && !big && waiting.length === 0)) return null;
  const needsCode = clock.wantsCode && !open;

  return (
    <Card data-testid="home-clock" aria-labelledby="home-clock-title">
      <Stack $gap={2}>
        <Row $justify="space-between" style={{ flexWrap: 'wrap' }}>
          <strong id="home-clock-title">
            {current ? `${current.title || t('clock.untitled')} · ${formatTimeRange(current.start, current.end, zone, i18n.resolvedLanguage)}` : proposal ? t('clock.unscheduled', { title: proposal.title }) : t('clock.title')}
          </strong>
          <Link to="/clock">{t('clock.open')}</Link>
        </Row>
        {open ? (
          <div aria-live="polite">
            <span data-testid="home-clock-status">{t(onBreak ? 'clock.status.onBreak' : 'clock.status.working')}</span>
            {' · '}
            <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatDuration(workedMs(open, now), i18n.resolvedLanguage)}</span>
          </div>
        ) : null}
        {big && !needsCode ? (
          <Button type="button" disabled={busy} onClick={() => void big.go()} style={{ minHeight: '3.5rem', fontSize: '1.2rem' }} data-testid="home-clock-button">
            {big.label}
          </Button>
        ) : null}
        {big && needsCode ? <Link to="/clock">{t('clock.withCode')}</Link> : null}
        {open ? (
          <Button type="button" $variant="secondary" disabled={busy} onClick={() => void clock.takeBreak()} data-testid="home-break-button">
            {t(onBreak ? 'clock.endBreak' : 'clock.startBreak')}
          </Button>
        ) : null}
        {clock.wantsLocation ? <Muted>{locationText(t, clock.location)}</Muted> : null}
        {!clock.online ? <Muted role="status">{t('clock.offline')}</Muted> : null}
        {waiting.length > 0 ? <Muted data-testid="home-clock-waiting">{t('clock.waiting', { count: waiting.length })}</Muted> : null}
      </Stack>
    </Card>
  );
}
