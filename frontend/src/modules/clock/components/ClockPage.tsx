import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { errorText } from '@/modules/api/errors';
import { clockTime } from '@/modules/schedule/utils/calendar';
import { useSnackbar } from '@/modules/snackbar/hooks/useSnackbar';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { SelectField, TextField } from '@/modules/ui/components/Field';
import { Card, Muted, PageHeader, Row, Stack } from '@/modules/ui/components/Layout';
import { Loading } from '@/modules/ui/components/Spinner';
import { useClockBoard } from '../hooks/useClockBoard';
import { useLocation, type LocationState } from '../hooks/useLocation';
import { usePunches } from '../hooks/usePunches';
import { clockErrorParams } from '../utils/errors';
import { ScanButton } from './ScanButton';
import { formatDuration, nextAction, workedMs, type QueuedPunch } from '../utils/clock';

/** A ticking clock, once a second. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return now;
}

function locationText(t: (k: string, o?: Record<string, unknown>) => string, l: LocationState): string {
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
  const { t } = useTranslation();
  const snack = useSnackbar();
  const { storeId, store, me, roles } = useCurrentStore();
  const zone = store?.timezoneReference ?? 'UTC';
  const { data: board, error, reload } = useClockBoard();
  const { punch, waiting, online } = usePunches(reload);
  const { location, locate } = useLocation();
  const [params, setParams] = useSearchParams();
  const [code, setCode] = useState(params.get('code') ?? '');
  const [busy, setBusy] = useState(false);
  const [title, setTitle] = useState('');
  const [role, setRole] = useState('');
  const now = useNow();

  const settings = board?.settings;
  const wantsLocation = !!settings && (settings.proof === 'location' || settings.proof === 'both' || !!settings.place);
  const wantsCode = !!settings && (settings.proof === 'code' || settings.proof === 'both');
  const open = board?.open.find((s) => s.employee === me?.id) ?? null;
  const action = useMemo(() => (board && me ? nextAction(board, me.id) : ({ kind: 'none' } as const)), [board, me]);
  const shiftOf = (id: string | null | undefined) => board?.shifts.find((r) => r.shift.id === id)?.shift ?? null;
  const current = open?.shift ? shiftOf(open.shift) : action.kind === 'start' ? shiftOf(action.shiftId) : null;
  const proposal = open?.proposedShift ? board?.proposals.find((p) => p.id === open.proposedShift) ?? null : null;

  const run = useCallback(
    async (call: QueuedPunch['call'], fields: Record<string, unknown>, proof: boolean) => {
      if (!storeId) return;
      setBusy(true);
      try {
        const extra: Record<string, unknown> = {};
        if (proof && wantsLocation) {
          const l = await locate();
          if (l.kind === 'known') {
            extra.location = { latitude: l.latitude, longitude: l.longitude, accuracy: l.accuracy };
          }
        }
        if (proof && code.trim()) extra.token = code.trim();
        const result = await punch(call, storeId, { ...fields, ...extra });
        snack(t(result.sent ? `clock.done.${call}` : 'clock.queued'), result.sent ? 'success' : 'info', 'clock');
        reload();
      } catch (e) {
        snack(errorText(t, e, clockErrorParams(e, zone)), 'error', 'clock');
        reload();
      } finally {
        setBusy(false);
      }
    },
    [storeId, wantsLocation, locate, code, punch, snack, t, reload, zone],
  );

  // A phone that scanned the store clock's QR code arrives here with the code: one tap less.
  const scanned = useRef(false);
  useEffect(() => {
    const scannedCode = params.get('code');
    if (!scannedCode || scanned.current || !board || !me) return;
    scanned.current = true;
    void run('clockOperation', { token: scannedCode }, true).then(() => {
      params.delete('code');
      setParams(params, { replace: true });
    });
  }, [params, setParams, board, me, run]);

  // A code read by the camera clocks at once, as the store clock's QR link does.
  const scannedCode = useCallback(
    (value: string) => {
      setCode(value);
      void run('clockOperation', { token: value }, true);
    },
    [run],
  );

  const big = useMemo(() => {
    switch (action.kind) {
      case 'start':
        return { label: t('clock.start'), go: () => run('startShift', { shift: action.shiftId }, true) };
      case 'complete':
        return { label: t('clock.complete'), go: () => run('completeShift', { shift: action.shiftId }, true) };
      case 'completeProposal':
        return { label: t('clock.complete'), go: () => run('completeProposedShift', {}, true) };
      case 'none':
        return null;
    }
  }, [action, run, t]);

  if (!store || !me) return <Loading label={t('common.loading')} />;
  const onBreak = open?.status === 'p';
  const breakCall = open?.shift ? (onBreak ? 'endBreak' : 'startBreak') : onBreak ? 'endProposedShiftBreak' : 'startProposedShiftBreak';
  const breakTarget = open?.shift ?? open?.proposedShift;

  return (
    <Stack>
      <PageHeader>
        <h1>{t('clock.title')}</h1>
      </PageHeader>
      {!online ? <Card role="status" data-testid="clock-offline">{t('clock.offline')}</Card> : null}
      {error ? <Card role="alert">{errorText(t, error)}</Card> : null}
      <Card data-testid="clock-card">
        <Stack $gap={3}>
          {current ? (
            <div>
              <strong data-testid="clock-shift-title">{current.title || t('clock.untitled')}</strong>
              <Muted>
                {' '}
                {clockTime(current.start, zone)}–{clockTime(current.end, zone)}
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
                {formatDuration(workedMs(open, now))}
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
          {open && breakTarget ? (
            <Button
              type="button"
              $variant="secondary"
              disabled={busy}
              onClick={() => void run(breakCall, { shift: breakTarget }, false)}
              data-testid="break-button"
            >
              {t(onBreak ? 'clock.endBreak' : 'clock.startBreak')}
            </Button>
          ) : null}
          {wantsLocation || location.kind !== 'idle' ? (
            <Muted data-testid="clock-location">{locationText(t, location)}</Muted>
          ) : null}
          <TextField
            label={t(wantsCode ? 'clock.codeRequired' : 'clock.code')}
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
              void run('startProposedShift', { title: title.trim(), role: role || null }, true).then(() => setTitle(''));
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
      {waiting.length > 0 ? (
        <Card data-testid="clock-waiting">
          <strong>{t('clock.waiting', { count: waiting.length })}</strong>
          <ul>
            {waiting.map((p) => (
              <li key={p.punchId}>
                {t(`clock.calls.${p.call}`)} · {clockTime(p.punchedAt, zone)}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </Stack>
  );
}
