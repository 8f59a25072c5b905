import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { AutoAssignment, Role } from '@/modules/api/types';
import { errorText } from '@/modules/api/errors';
import { useApi } from '@/modules/auth/hooks/useApi';
import { shiftStore } from '@/modules/schedule/store/shiftStore';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { Button } from '@/modules/ui/components/Button';
import { Dialog } from '@/modules/ui/components/Dialog';
import { Checkbox } from '@/modules/ui/components/Field';
import { Muted } from '@/modules/ui/components/Layout';
import { formatDateTimeRange } from '../utils/format';

const StyledList = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.spacing(3)};
  padding: 0;
  li {
    padding: ${({ theme }) => theme.spacing(1)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    overflow-wrap: anywhere;
  }
  h3 { font-size: 14px; margin: ${({ theme }) => theme.spacing(3)} 0 ${({ theme }) => theme.spacing(1)}; }
`;

export interface AutoAssignDialogProps {
  storeId: string;
  start: number;
  end: number;
  zone: string;
  roles: Role[];
  onClose: () => void;
}

/**
 * Auto-assign: the server's proposal for the open drafts shown, every row chosen at first;
 * the manager accepts the chosen rows as drafts in one commit, or is told the week changed.
 */
export function AutoAssignDialog({ storeId, start, end, zone, roles, onClose }: AutoAssignDialogProps) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { run } = useReportedCall();
  const [proposal, setProposal] = useState<AutoAssignment | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const roleTitle = useMemo(() => new Map(roles.map((r) => [r.id, r.title])), [roles]);
  const locale = i18n.resolvedLanguage;

  const propose = useMemo(
    () => async () => {
      setError(null);
      try {
        const p = await api.call('autoAssignment', { storeId, start, end });
        setProposal(p);
        setChosen(new Set(p.assignments.map((a) => a.shift)));
      } catch (e) {
        setError(errorText(t, e));
      }
    },
    [api, storeId, start, end, t],
  );
  useEffect(() => void propose(), [propose]);

  const handleAccept = async () => {
    if (!proposal) return;
    const rows = proposal.assignments.filter((a) => chosen.has(a.shift));
    setBusy(true);
    let reason: string | null = null;
    const done = await run(
      () => api.call('acceptAutoAssignment', { storeId, assignments: rows.map((a) => ({ shift: a.shift, employee: a.employee, version: a.version })) }),
      {
        key: 'auto-assign',
        done: (changed) => t('labour.auto.accepted', { count: changed.length }),
        inline: (text) => {
          reason = text;
        },
      },
    );
    if (done) {
      shiftStore.upsert(done.data);
      onClose();
    } else {
      // The week changed: show what would be proposed now, below the reason.
      await propose();
      setError(reason);
    }
    setBusy(false);
  };

  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  };

  const when = (s: { start: number; end: number }) => formatDateTimeRange(s.start, s.end, zone, locale);
  const titleOf = (s: { title: string; role: string | null }) => [s.title, s.role ? roleTitle.get(s.role) : null].filter((x, i, all) => x && all.indexOf(x) === i).join(' · ');

  return (
    <Dialog
      title={t('labour.auto.title')}
      onClose={onClose}
      actions={
        <>
          <Button type="button" $variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="button" onClick={() => void handleAccept()} disabled={busy || chosen.size === 0} data-testid="auto-accept">
            {t('labour.auto.accept', { count: chosen.size })}
          </Button>
        </>
      }
    >
      {error ? <Muted role="alert" data-testid="auto-error">{error}</Muted> : null}
      {!proposal && !error ? <Muted>{t('common.loading')}</Muted> : null}
      {proposal ? (
        <div data-testid="auto-proposal">
          <Muted>{t('labour.auto.rules', { hours: proposal.weeklyMinutes / 60, rest: proposal.minRestMinutes / 60 })}</Muted>
          <StyledList>
            <h3>{t('labour.auto.proposed', { count: proposal.assignments.length })}</h3>
            {proposal.assignments.length === 0 ? <li><Muted>{t('labour.auto.none')}</Muted></li> : null}
            {proposal.assignments.map((a) => (
              <li key={a.shift} data-testid="auto-row" data-shift-id={a.shift}>
                <Checkbox
                  label={<><strong>{a.name}</strong> · {when(a)} · {titleOf(a)}</>}
                  checked={chosen.has(a.shift)}
                  onChange={(e) => toggle(a.shift, e.target.checked)}
                />
              </li>
            ))}
          </StyledList>
          {proposal.unfilled.length > 0 ? (
            <StyledList>
              <h3>{t('labour.auto.unfilled', { count: proposal.unfilled.length })}</h3>
              {proposal.unfilled.map((u) => (
                <li key={u.shift} data-testid="auto-unfilled" data-reason={u.reason}>
                  {when(u)} · {titleOf(u)} — <Muted as="span">{t(`labour.auto.reasons.${u.reason}`)}</Muted>
                </li>
              ))}
            </StyledList>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
