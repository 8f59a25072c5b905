import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/modules/api/errors';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { useSnackbar } from '@/modules/snackbar/hooks/useSnackbar';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { nextAction, withWaiting, type ClockBoard, type QueuedPunch } from '../utils/clock';
import { clockErrorParams } from '../utils/errors';
import { useClockBoard } from './useClockBoard';
import { useLocation } from './useLocation';
import { usePunches, type Refusal } from './usePunches';

/**
 * Where an employee's last board of a store is kept, so a phone that lost its connection can
 * still punch. Keyed by the employee: another person signing in on the phone never sees it.
 */
const cacheKey = (store: string, employee: string) => `clockto-clock-board:${store}:${employee}`;

function cachedBoard(store: string | null, employee: string | undefined): ClockBoard | null {
  if (!store || !employee) return null;
  try {
    const raw = localStorage.getItem(cacheKey(store, employee));
    return raw ? (JSON.parse(raw) as ClockBoard) : null;
  } catch {
    return null;
  }
}

/** A ticking clock, once a second. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return now;
}

/**
 * The employee's time clock: the board as the phone sees it (the server's, with the punches
 * still waiting applied), what the big button does, the break, the location and the store
 * clock's code when the store asks for them, and `run` for a punch. Shared by the clock page
 * and the home screen's card.
 */
export function useClock() {
  const { t, i18n } = useTranslation();
  const snack = useSnackbar();
  const { storeId, store, me } = useCurrentStore();
  const zone = store?.timezoneReference ?? 'UTC';
  const lang = i18n.resolvedLanguage;
  const { data: served, error, reload } = useClockBoard();
  const handleRefused = useCallback(
    ({ punch, error: e }: Refusal) =>
      snack(
        t('clock.refused', { call: t(`clock.calls.${punch.call}`), reason: errorText(t, e, clockErrorParams(e, zone, lang)) }),
        'error',
        `refused-${punch.punchId}`,
      ),
    [snack, t, zone, lang],
  );
  const { punch, waiting, online } = usePunches(reload, handleRefused);
  const { location, locate } = useLocation();
  const [code, setCode] = useState('');
  const { run: reported, busy } = useReportedCall();

  const employee = me?.id;
  useEffect(() => {
    if (storeId && employee && served) localStorage.setItem(cacheKey(storeId, employee), JSON.stringify(served));
  }, [storeId, employee, served]);
  const base = useMemo(() => served ?? cachedBoard(storeId, employee), [served, storeId, employee]);
  const board = useMemo(
    () => (base && me ? withWaiting(base, waiting.filter((p) => p.store === storeId), me.id) : base),
    [base, waiting, me, storeId],
  );

  const settings = board?.settings;
  const wantsLocation = !!settings && (settings.proof === 'location' || settings.proof === 'both' || !!settings.place);
  const wantsCode = !!settings && (settings.proof === 'code' || settings.proof === 'both');

  const open = board && me ? board.open.find((s) => s.employee === me.id) ?? null : null;
  const action = useMemo(() => (board && me ? nextAction(board, me.id) : ({ kind: 'none' } as const)), [board, me]);

  // A store that checks the phone's place asks for it once there is something to clock, so its
  // status shows before the tap.
  const clockable = action.kind !== 'none';
  useEffect(() => {
    if (wantsLocation && clockable && location.kind === 'idle') void locate();
  }, [wantsLocation, clockable, location.kind, locate]);
  const shiftOf = (id: string | null | undefined) => board?.shifts.find((r) => r.shift.id === id)?.shift ?? null;
  const current = open?.shift ? shiftOf(open.shift) : action.kind === 'start' ? shiftOf(action.shiftId) : null;
  const proposal = open?.proposedShift ? board?.proposals.find((p) => p.id === open.proposedShift) ?? null : null;

  /** Makes a punch; `proof` adds the location and the typed code where the store wants them. */
  const run = useCallback(
    async (call: QueuedPunch['call'], fields: Record<string, unknown>, proof: boolean, token = code) => {
      if (!storeId) return false;
      const punched = await reported(
        async () => {
          const extra: Record<string, unknown> = {};
          if (proof && wantsLocation) {
            const l = await locate();
            if (l.kind === 'known') {
              extra.location = { latitude: l.latitude, longitude: l.longitude, accuracy: l.accuracy };
            }
          }
          if (proof && token.trim()) extra.token = token.trim();
          return punch(call, storeId, { ...fields, ...extra });
        },
        {
          key: 'clock',
          // A punch without a connection waits on the phone: a note, not a success.
          done: (result) => (result.sent ? t(`clock.done.${call}`) : { text: t('clock.queued'), variant: 'info' }),
          failed: (e) => errorText(t, e, clockErrorParams(e, zone, lang)),
        },
      );
      reload();
      return punched !== null;
    },
    [storeId, wantsLocation, locate, code, punch, reported, t, reload, zone, lang],
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

  const onBreak = open?.status === 'p';
  const breakCall: QueuedPunch['call'] = open?.shift
    ? onBreak ? 'endBreak' : 'startBreak'
    : onBreak ? 'endProposedShiftBreak' : 'startProposedShiftBreak';
  const breakTarget = open?.shift ?? open?.proposedShift ?? null;
  const takeBreak = useCallback(
    () => (breakTarget ? run(breakCall, { shift: breakTarget }, false) : Promise.resolve(false)),
    [run, breakCall, breakTarget],
  );

  return {
    board,
    error: served ? null : error,
    reload,
    zone,
    me,
    waiting,
    online,
    location,
    code,
    setCode,
    busy,
    wantsLocation,
    wantsCode,
    open,
    current,
    proposal,
    big,
    onBreak,
    takeBreak,
    run,
  };
}
