import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useTheme } from 'styled-components';
import { errorText } from '@/modules/api/errors';
import { useApi } from '@/modules/auth/hooks/useApi';
import { formatNumber, formatTime, formatTimeRange } from '@/modules/ui/utils/format';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { Badge, Card, Muted, PageHeader, Row, Stack } from '@/modules/ui/components/Layout';
import { CardItem, CardList } from '@/modules/ui/components/List';
import { Loading } from '@/modules/ui/components/Spinner';
import { useClockBoard } from '../hooks/useClockBoard';
import type { AttendanceRow, ClockSession, Proposal } from '../utils/clock';
import { instantOf } from '../utils/sessionEdit';
import { toLocalInput } from '../utils/time';
import { TextField } from '@/modules/ui/components/Field';
import { SessionDialog } from './SessionDialog';

/** The order the groups show in: what needs attention first. */
const GROUPS = ['late', 'missing', 'working', 'onBreak', 'upcoming', 'done'] as const;
/** Each group's colour in the theme. */
const COLORS: Record<(typeof GROUPS)[number], 'warning' | 'danger' | 'success' | 'info' | 'textMuted'> = {
  late: 'warning',
  missing: 'danger',
  working: 'success',
  onBreak: 'info',
  upcoming: 'textMuted',
  done: 'textMuted',
};

/**
 * `/clock/now`: who is on the clock, on break, late or missing, live; unscheduled work to
 * approve or reject; a session to correct, with the reason kept in its audit trail.
 */
export function NowPanel() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const lang = i18n.resolvedLanguage;
  const api = useApi();
  const { run } = useReportedCall();
  const { storeId, store, employees } = useCurrentStore();
  const zone = store?.timezoneReference ?? 'UTC';
  const { data: board, error, reload } = useClockBoard();
  const [editing, setEditing] = useState<ClockSession | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // The times a manager settles unscheduled work on, by proposal (the clocked ones until edited).
  const [settled, setSettled] = useState<Record<string, { start: string; end: string }>>({});
  const timesOf = (p: Proposal) =>
    settled[p.id] ?? { start: toLocalInput(p.start, zone), end: p.end ? toLocalInput(p.end, zone) : '' };
  const nameOf = (id: string | null | undefined) => {
    const e = employees.find((x) => x.id === id);
    return e ? e.displayName || e.email : t('pool.someone');
  };

  const answer = async (p: Proposal, approve: boolean) => {
    if (!storeId) return;
    setBusy(p.id);
    const times = timesOf(p);
    await run(
      async () => {
        if (approve) {
          await api.call('approveProposedShift', {
            store: storeId,
            shiftPropose: { id: p.id, start: instantOf(times.start, p.start, zone), end: times.end ? instantOf(times.end, p.end, zone) : null },
          });
        } else await api.call('rejectProposedShift', { store: storeId, shiftPropose: p.id });
      },
      { key: `proposal-${p.id}`, done: approve ? 'clock.now.approved' : 'clock.now.rejected' },
    );
    setBusy(null);
    reload();
  };

  if (!store) return <Loading label={t('common.loading')} />;
  const rows = board?.shifts ?? [];
  const byGroup = (g: (typeof GROUPS)[number]) => rows.filter((r: AttendanceRow) => r.attendance === g);
  const proposals = board?.proposals ?? [];
  const unscheduled = (board?.open ?? []).filter((s) => s.proposedShift);

  return (
    <Stack>
      <PageHeader>
        <h1>{t('clock.now.title')}</h1>
        <Link to="/clock/timesheets">{t('clock.timesheet.title')}</Link>
      </PageHeader>
      {error ? <Card role="alert">{errorText(t, error)}</Card> : null}
      {board === null && !error ? <Muted>{t('common.loading')}</Muted> : null}
      {board !== null && rows.length === 0 && unscheduled.length === 0 ? <Card>{t('clock.now.empty')}</Card> : null}
      {GROUPS.map((g) => {
        const list = byGroup(g);
        if (list.length === 0) return null;
        return (
          <section key={g} aria-labelledby={`now-${g}`}>
            <h2 id={`now-${g}`}>{t(`clock.attendance.${g}`)} ({formatNumber(list.length, lang)})</h2>
            <CardList data-testid={`now-${g}`}>
              {list.map((r) => (
                <CardItem key={r.shift.id} $accent={theme.color[COLORS[g]]} data-testid="now-row" data-shift-id={r.shift.id} data-attendance={r.attendance}>
                  <Row $justify="space-between">
                    <strong>{nameOf(r.shift.assigned)}</strong>
                    <Badge $color={theme.color[COLORS[g]]}>{t(`clock.attendance.${g}`)}</Badge>
                  </Row>
                  <span>
                    {r.shift.title} · {formatTimeRange(r.shift.start, r.shift.end, zone, lang)}
                  </span>
                  {r.session ? (
                    <Row $justify="space-between">
                      <Muted>
                        {t('clock.now.since', { time: formatTime(r.session.start, zone, lang) })}
                        {r.session.lateSeconds > 0 ? ` · ${t('clock.now.lateBy', { minutes: Math.round(r.session.lateSeconds / 60) })}` : ''}
                        {r.session.outside ? ` · ${t('clock.now.outside')}` : ''}
                      </Muted>
                      <Button $small $variant="ghost" onClick={() => setEditing(r.session)} data-testid="edit-session">
                        {t('clock.now.edit')}
                      </Button>
                    </Row>
                  ) : null}
                </CardItem>
              ))}
            </CardList>
          </section>
        );
      })}
      {proposals.length > 0 || unscheduled.length > 0 ? (
        <section aria-labelledby="now-proposals">
          <h2 id="now-proposals">{t('clock.now.proposals')}</h2>
          <CardList data-testid="now-proposals">
            {proposals.map((p) => (
              <CardItem key={p.id} $accent={theme.color.accent} data-testid="proposal" data-proposal-id={p.id}>
                <Row $justify="space-between">
                  <strong>{nameOf(p.employee)}</strong>
                  <Muted>{t(p.progress === 'c' ? 'clock.now.completed' : 'clock.status.working')}</Muted>
                </Row>
                <span>
                  {p.title} · {formatTime(p.start, zone, lang)}
                  {p.end ? `–${formatTime(p.end, zone, lang)}` : ''}
                </span>
                {p.progress === 'c' ? (
                  <Row $gap={2} style={{ flexWrap: 'wrap' }}>
                    <TextField
                      type="datetime-local"
                      label={t('fields.start')}
                      value={timesOf(p).start}
                      onChange={(e) => setSettled({ ...settled, [p.id]: { ...timesOf(p), start: e.target.value } })}
                    />
                    <TextField
                      type="datetime-local"
                      label={t('fields.end')}
                      value={timesOf(p).end}
                      onChange={(e) => setSettled({ ...settled, [p.id]: { ...timesOf(p), end: e.target.value } })}
                    />
                  </Row>
                ) : null}
                {p.progress === 'c' ? (
                  <Row $gap={2}>
                    <Button $small disabled={busy === p.id} onClick={() => void answer(p, true)} data-testid="approve-proposal">
                      {t('pool.approve')}
                    </Button>
                    <Button $small $variant="secondary" disabled={busy === p.id} onClick={() => void answer(p, false)} data-testid="reject-proposal">
                      {t('pool.reject')}
                    </Button>
                  </Row>
                ) : null}
              </CardItem>
            ))}
          </CardList>
        </section>
      ) : null}
      {editing ? <SessionDialog session={editing} zone={zone} onClose={() => setEditing(null)} onSaved={reload} /> : null}
    </Stack>
  );
}
