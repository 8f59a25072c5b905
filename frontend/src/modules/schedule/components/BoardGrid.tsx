import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Role, Shift } from '@/modules/api/types';
import { Avatar } from '@/modules/ui/components/Avatar';
import { Muted } from '@/modules/ui/components/Layout';
import type { BoardRow } from '../utils/grouping';
import { dayKey } from '../utils/calendar';
import { ShiftCard } from './ShiftCard';

const StyledScroller = styled.div`
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.color.surface};
  max-height: calc(100vh - 190px);
`;

const StyledGrid = styled.div<{ $days: number }>`
  display: grid;
  grid-template-columns: minmax(150px, 200px) repeat(${({ $days }) => $days}, minmax(${({ $days }) => ($days === 1 ? '260px' : '118px')}, 1fr));
  min-width: fit-content;
`;

const StyledHead = styled.div<{ $today?: boolean }>`
  position: sticky;
  top: 0;
  z-index: 2;
  padding: ${({ theme }) => theme.spacing(2)};
  background: ${({ theme, $today }) => ($today ? theme.color.primarySoft : theme.color.surfaceAlt)};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  font-weight: 600;
  font-size: 13px;
  text-align: center;
`;

const StyledCorner = styled(StyledHead)`
  inset-inline-start: 0;
  z-index: 3;
  text-align: start;
`;

const StyledPerson = styled.div`
  position: sticky;
  inset-inline-start: 0;
  z-index: 1;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
  padding: ${({ theme }) => theme.spacing(2)};
  background: ${({ theme }) => theme.color.surface};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  border-inline-end: 1px solid ${({ theme }) => theme.color.border};
  min-width: 0;
  div { min-width: 0; overflow: hidden; }
  strong { display: block; font-size: 13px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
`;

const StyledCell = styled.div<{ $over: boolean }>`
  min-height: 64px;
  padding: 4px;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  border-inline-end: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme, $over }) => ($over ? theme.color.primarySoft : 'transparent')};
  cursor: copy;
`;

export interface BoardGridProps {
  rows: BoardRow[];
  days: number[];
  zone: string;
  roles: Role[];
  errors: Record<string, string>;
  editing: Record<string, string[]>;
  onOpen: (shift: Shift) => void;
  onCreate: (day: number, assignee: string | null) => void;
  onMove: (shiftId: string, day: number, assignee: string | null) => void;
}

/** The board's grid: one row per employee (open shifts first), one column per day. */
export const BoardGrid = memo(function BoardGrid({ rows, days, zone, roles, errors, editing, onOpen, onCreate, onMove }: BoardGridProps) {
  const { t, i18n } = useTranslation();
  const [over, setOver] = useState<string | null>(null);
  const roleById = new Map(roles.map((r) => [r.id, r]));
  const today = dayKey(Date.now(), zone);
  const head = new Intl.DateTimeFormat(i18n.resolvedLanguage, { weekday: 'short', day: 'numeric', month: 'short', timeZone: zone });

  return (
    <StyledScroller>
      <StyledGrid $days={days.length} role="grid" aria-label={t('schedule.board')} data-testid="board">
        <div role="row" style={{ display: 'contents' }}>
          <StyledCorner role="columnheader">{t('schedule.employees')}</StyledCorner>
          {days.map((d) => (
            <StyledHead key={d} role="columnheader" $today={dayKey(d, zone) === today}>
              {head.format(d)}
            </StyledHead>
          ))}
        </div>
        {rows.map((row) => {
          const name = row.employee ? row.employee.displayName || row.employee.email : t('schedule.openShifts');
          const assignee = row.key === 'open' ? null : row.key;
          return (
            <div key={row.key} role="row" style={{ display: 'contents' }} data-testid={`row-${row.employee?.email ?? 'open'}`}>
              <StyledPerson role="rowheader">
                {row.employee ? <Avatar name={name} src={row.employee.displayImg ?? row.employee.img} size={28} /> : <Avatar name="○" size={28} />}
                <div>
                  <strong>{name}</strong>
                  <Muted>{t('schedule.hours', { hours: Math.round(row.minutes / 60) })}</Muted>
                </div>
              </StyledPerson>
              {days.map((d) => {
                const key = dayKey(d, zone);
                const cellId = `${row.key}:${key}`;
                return (
                  <StyledCell
                    key={key}
                    role="gridcell"
                    $over={over === cellId}
                    data-testid={`cell-${row.employee?.email ?? 'open'}-${key}`}
                    onDoubleClick={() => onCreate(d, assignee)}
                    onDragOver={(e) => {
                      e.preventDefault();
                      if (over !== cellId) setOver(cellId);
                    }}
                    onDragLeave={() => setOver(null)}
                    onDrop={(e) => {
                      e.preventDefault();
                      setOver(null);
                      const id = e.dataTransfer.getData('text/shift-id');
                      if (id) onMove(id, d, assignee);
                    }}
                  >
                    {(row.cells[key] ?? []).map((shift) => {
                      const role = shift.role ? roleById.get(shift.role) : undefined;
                      return (
                        <ShiftCard
                          key={shift.id}
                          shift={shift}
                          zone={zone}
                          color={role?.color ?? '#8b949e'}
                          roleTitle={role?.title}
                          error={errors[shift.id]}
                          editingBy={editing[shift.id]}
                          draggable
                          onOpen={onOpen}
                        />
                      );
                    })}
                    <button
                      type="button"
                      onClick={() => onCreate(d, assignee)}
                      aria-label={t('schedule.addShiftFor', { name, day: head.format(d) })}
                      data-testid="add-shift"
                      style={{ width: '100%', border: 'none', background: 'none', color: 'inherit', opacity: 0.45, cursor: 'pointer', fontSize: 16 }}
                    >
                      +
                    </button>
                  </StyledCell>
                );
              })}
            </div>
          );
        })}
      </StyledGrid>
    </StyledScroller>
  );
});
