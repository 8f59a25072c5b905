import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { errorText } from '@/modules/api/errors';
import { useMe } from '@/modules/auth/hooks/useMe';
import { formatTime, formatTimeRange } from '@/modules/ui/utils/format';
import { useCurrentStore, useSwitchStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { SelectField, TextField } from '@/modules/ui/components/Field';
import { Card, Muted, PageHeader, Row, Stack } from '@/modules/ui/components/Layout';
import { Loading } from '@/modules/ui/components/Spinner';
import { useClock, useNow } from '../hooks/useClock';
import type { LocationState } from '../hooks/useLocation';
import { ScanButton } from './ScanButton';
import { formatDuration, workedMs, type QueuedPunch } from '../utils/clock';

/** The location's status in words. */
export function locationText(t: (k: string, o?: Record<string, unknown>) => string, l: LocationState): string {
  switch (l.kind) {
    case 'known':
      return t('clock.location.known', { accuracy: Math.round(l.accuracy) });
    case 'asking':
      return t('clock.location.asking');
    case 'denied':
      return t('clock.location.denied');
    case 'unavailable':
      return t('clock.location.unavailable');
    case 'unsupported':
      return t('clock.location.unsupported');
    case 'idle':
      return t('clock.location.idle');
  }
}

/**
 * `/clock`: the employee's time clock. One large button starts the current shift or completes
 * the work on the clock, with a running timer, breaks, the location and the store clock's code
 * when the store asks for them, unscheduled work, and punches waiting for a connection.
 */
export function ClockPage() {
  const { t, i18n } = useTranslation();
  const user = useMe();
  const { storeId, store, roles } = useCurrentStore();
  const switchStore = useSwitchStore();
  const clock = useClock();
  const { board, me, zone, open, current, proposal, big, onBreak, code, setCode, busy, run } = clock;
  const [params, setParams] = useSearchParams();
  const [title, setTitle] = useState('');
  const [role, setRole] = useState('');
  const now = useNow();

  // The store clock's QR link names its store: a member of several clocks in that one.
  const linkedStore = params.get('store');
  const member = !!linkedStore && (user?.stores ?? []).some((s) => s.id === linkedStore && !s.deactive);
  useEffect(() => {
    if (member && linkedStore && linkedStore !== storeId) switchStore(linkedStore);
  }, [member, linkedStore, storeId, switchStore]);

  // A phone that scanned the store clock's QR code arrives here with the code: one tap less.
  const scanned = useRef(false);
  useEffect(() => {
    const scannedCode = params.get('code');
    if (!scannedCode || scanned.current || !board || !me) return;
    if (member && linkedStore !== storeId) return;
    scanned.current = true;
    setCode(scannedCode);
    void run('clockOperation', {}, true, scannedCode).then(() => {
      params.delete('code');
      params.delete('store');
      setParams(params, { replace: true });
    });
  }, [params, setParams, board, me, run, setCode, member, linkedStore, storeId]);

  // A code read by the camera clocks at once, as the store clock's QR link does.
  const scannedCode = useCallback(
    (value: string) => {
      setCode(value);
      void run('clockOperation', {}, true, value);
    },
    [run, setCode],
  );

  if (!store || !me) return <Loading label={t('common.loading')} />;

  return (
    <Stack>
      <PageHeader>
        <h1>{t('clock.title')}</h1>
      </PageHeader>
      {!clock.online ? <Card role="status" data-testid="clock-offline">{t('clock.offline')}</Card> : null}
      {clock.error && clock.online ? <Card role="alert">{errorText(t, clock.error)}</Card> : null}
      <Card data-testid="clock-card">
        <Stack $gap={3}>
          {current ? (
            <div>
              <strong data-testid="clock-shift-title">{current.title || t('clock.untitled')}</strong>
              <Muted>
                {' '}
                {formatTimeRange(current.start, current.end, zone, i18n.resolvedLanguage)}
              </Muted>
            </div>
          ) : proposal ? (
            <strong>{t('clock.unscheduled', { title: proposal.title })}</strong>
          ) : (
            <Muted data-testid="clock-nothing">{t('clock.nothingNow')}</Muted>
          )}
          {open ? (
            <div aria-live="polite">
              <span data-testid="clock-status">{t(onBreak ? 'clock.status.onBreak' : 'clock.status.working')}</span>
              {' · '}
              <span data-testid="clock-timer" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatDuration(workedMs(open, now), i18n.resolvedLanguage)}
              </span>
            </div>
          ) : null}
          {big ? (
            <Button
              type="button"
              disabled={busy}
              onClick={() => void big.go()}
              style={{ minHeight: '4.5rem', fontSize: '1.4rem' }}
              data-testid="clock-button"
            >
              {big.label}
            </Button>
          ) : null}
          {open ? (
            <Button type="button" $variant="secondary" disabled={busy} onClick={() => void clock.takeBreak()} data-testid="break-button">
              {t(onBreak ? 'clock.endBreak' : 'clock.startBreak')}
            </Button>
          ) : null}
          {clock.wantsLocation || clock.location.kind !== 'idle' ? (
            <Muted data-testid="clock-location" data-location={clock.location.kind}>{locationText(t, clock.location)}</Muted>
          ) : null}
          <TextField
            label={t(clock.wantsCode ? 'clock.codeRequired' : 'clock.code')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="off"
            inputMode="text"
            maxLength={16}
            data-testid="clock-code"
          />
          <Row $gap={2} style={{ flexWrap: 'wrap' }}>
            <ScanButton onCode={scannedCode} />
            {code.trim() ? (
              <Button type="button" $variant="secondary" disabled={busy} onClick={() => void run('clockOperation', {}, true)} data-testid="clock-with-code">
                {t('clock.useCode')}
              </Button>
            ) : null}
          </Row>
        </Stack>
      </Card>
      {!open ? (
        <Card>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (!title.trim()) return;
              void run('startProposedShift', { title: title.trim(), role: role || null }, true).then((ok) => ok && setTitle(''));
            }}
          >
            <Stack $gap={2}>
              <strong>{t('clock.proposeTitle')}</strong>
              <Muted>{t('clock.proposeIntro')}</Muted>
              <TextField label={t('clock.proposeName')} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={120} data-testid="propose-title" />
              <SelectField
                label={t('fields.role')}
                value={role}
                onChange={(e) => setRole(e.target.value)}
                options={[{ value: '', label: t('clock.noRole') }, ...roles.filter((r) => me.role.includes(r.id)).map((r) => ({ value: r.id, label: r.title }))]}
              />
              <Row $justify="flex-end">
                <Button type="submit" $variant="secondary" disabled={busy || !title.trim()} data-testid="propose-start">
                  {t('clock.proposeStart')}
                </Button>
              </Row>
            </Stack>
          </form>
        </Card>
      ) : null}
      <WaitingPunches waiting={clock.waiting} zone={zone} />
    </Stack>
  );
}

export interface WaitingPunchesProps {
  waiting: QueuedPunch[];
  zone: string;
}

/** The punches this phone still has to send, oldest first. */
export function WaitingPunches({ waiting, zone }: WaitingPunchesProps) {
  const { t, i18n } = useTranslation();
  if (waiting.length === 0) return null;
  return (
    <Card data-testid="clock-waiting">
      <strong>{t('clock.waiting', { count: waiting.length })}</strong>
      <ul>
        {waiting.map((p) => (
          <li key={p.punchId}>
            {t(`clock.calls.${p.call}`)} · {formatTime(p.punchedAt, zone, i18n.resolvedLanguage)}
          </li>
        ))}
      </ul>
    </Card>
  );
}
