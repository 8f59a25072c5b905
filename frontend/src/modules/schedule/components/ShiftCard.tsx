import { CalendarCheck } from 'lucide-react';
import { type CSSProperties, memo } from 'react';
import type { TFunction } from 'i18next';
import styled from 'styled-components';
import type { Shift } from '@/modules/api/types';
import { ShiftWarnings } from '@/modules/labour/components/ShiftWarnings';
import type { WarningKind } from '@/modules/labour/utils/labour';
import { formatNumber, formatTimeRange } from '@/modules/ui/utils/format';
import { VisuallyHidden } from '@/modules/ui/components/Layout';
import { isLate } from '../utils/progress';

/**
 * The card and, as classes of its own, its parts: a board draws hundreds of cards, and a styled
 * component for each part would be several more components per card to render and commit. Its
 * role colour comes as a custom property and its states as attributes, so every card shares one
 * generated rule.
 */
const StyledCard = styled.button`
  display: block;
  width: 100%;
  text-align: start;
  padding: 4px 6px;
  margin-bottom: 4px;
  border-radius: ${({ theme }) => theme.radius}px;
  border: 1px solid var(--role-color);
  border-inline-start-width: 4px;
  background: color-mix(in srgb, var(--role-color) 18%, transparent);
  color: ${({ theme }) => theme.color.text};
  font-size: 12px;
  line-height: 1.3;
  cursor: grab;
  position: relative;
  &[data-status='draft'] {
    border-style: dashed;
    background: color-mix(in srgb, var(--role-color) 8%, transparent);
  }
  &[data-error] { border-color: ${({ theme }) => theme.color.danger}; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.primary}; }
  &[aria-pressed='true'] { outline: 2px solid ${({ theme }) => theme.color.primary}; outline-offset: 1px; }

  .card-time {
    display: block;
    font-weight: 600;
  }
  .card-meta {
    display: flex;
    gap: 4px;
    align-items: center;
    color: ${({ theme }) => theme.color.textMuted};
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
  .card-check {
    position: absolute;
    top: 2px;
    inset-inline-end: 4px;
    font-weight: 700;
    color: ${({ theme }) => theme.color.primary};
  }
  .card-error {
    display: block;
    color: ${({ theme }) => theme.color.danger};
    font-size: 11px;
    white-space: normal;
  }
  .card-booked {
    position: absolute;
    bottom: 2px;
    inset-inline-end: 4px;
    display: inline-flex;
    align-items: center;
    gap: 2px;
    padding: 0 4px;
    border-radius: 8px;
    font-size: 10px;
    font-weight: 600;
    background: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.onPrimary};
  }
  .card-editing {
    position: absolute;
    top: -6px;
    inset-inline-end: -4px;
    padding: 0 5px;
    border-radius: 8px;
    font-size: 10px;
    background: ${({ theme }) => theme.color.warning};
    color: ${({ theme }) => theme.color.onWarning};
  }
`;

export interface ShiftCardProps {
  shift: Shift;
  /**
   * The grid's translation and language, handed down: a board draws hundreds of cards, and a
   * translation hook of each would subscribe to the language on its own.
   */
  t: TFunction;
  locale: string | undefined;
  zone: string;
  color: string;
  roleTitle?: string;
  assigneeName?: string;
  error?: string;
  /** Names of others who have this shift open. */
  editingBy?: string[];
  /** What the shift breaks while the week is planned. */
  warnings?: readonly WarningKind[];
  draggable?: boolean;
  /** One line: times and title (the status shows in the border and the accessible name). */
  compact?: boolean;
  /** Selected for a batch action (shown with a check mark, not by colour alone). */
  selected?: boolean;
  /** Clients booked in the sessions this shift holds (client booking); absent when it holds none. */
  booked?: number;
  /** `extend`: the click asked to add the card to a selection (Shift, Ctrl or Cmd held). */
  onOpen?: (shift: Shift, extend: boolean) => void;
}

/** One shift on the board: times, title, status and clock progress, and any refusal or edit in progress. */
export const ShiftCard = memo(function ShiftCard({
  shift,
  t,
  locale,
  zone,
  color,
  roleTitle,
  assigneeName,
  error,
  editingBy,
  warnings,
  draggable,
  compact,
  selected = false,
  booked,
  onOpen,
}: ShiftCardProps) {
  const times = formatTimeRange(shift.start, shift.oe ? null : shift.end, zone, locale);
  return (
    <StyledCard
      type="button"
      style={{ '--role-color': color } as CSSProperties}
      data-error={error ? true : undefined}
      aria-pressed={selected || undefined}
      data-selected={selected || undefined}
      draggable={draggable}
      onDragStart={(e) => {
        e.dataTransfer.setData('text/shift-id', shift.id);
        e.dataTransfer.effectAllowed = 'move';
      }}
      onClick={(e) => onOpen?.(shift, e.shiftKey || e.ctrlKey || e.metaKey)}
      data-testid="shift"
      data-shift-id={shift.id}
      data-status={shift.status}
      data-progress={shift.progress}
      data-booked={booked === undefined ? undefined : booked}
    >
      {selected ? <span className="card-check" aria-hidden>✓</span> : null}
      {editingBy?.length ? (
        <span className="card-editing" title={t('schedule.editingBy', { names: editingBy.join(', ') })} data-testid="shift-editing">
          ✎ {editingBy[0]}
        </span>
      ) : null}
      {compact ? (
        <span className="card-meta">
          <strong>{times}</strong> {shift.title}
          {/* Its name is what it shows; the state, shown here by the card's style, is read too. */}
          <VisuallyHidden>
            {' '}
            {t(`schedule.status.${shift.status}`)}
            {shift.progress !== 'ns' ? ` · ${t(`schedule.progress.${shift.progress}`)}` : ''}
          </VisuallyHidden>
        </span>
      ) : (
        <>
          <span className="card-time">{times}</span>
          <span className="card-meta">{shift.title}{roleTitle && roleTitle !== shift.title ? ` · ${roleTitle}` : ''}</span>
          {assigneeName ? <span className="card-meta">{assigneeName}</span> : null}
          <span className="card-meta" data-testid="shift-status">
            {t(`schedule.status.${shift.status}`)}
            {/* Live from the time clock: on the clock, on break, worked or missed. */}
            {shift.progress !== 'ns' ? <span data-testid="shift-progress"> · {t(`schedule.progress.${shift.progress}`)}</span> : null}
            {isLate(shift, Date.now()) ? <span data-testid="shift-late"> · {t('schedule.progress.late')}</span> : null}
          </span>
        </>
      )}
      {booked === undefined ? null : (
        <>
          <span className="card-booked" aria-hidden data-testid="shift-booked">
            <CalendarCheck size={10} />
            {formatNumber(booked, locale)}
          </span>
          {/* Read as part of the card's name: the marker is drawn only. */}
          <VisuallyHidden>, {t('schedule.bookedSession', { count: booked, n: formatNumber(booked, locale) })}</VisuallyHidden>
        </>
      )}
      {warnings?.length ? <ShiftWarnings kinds={warnings} compact={compact} /> : null}
      {error ? <span className="card-error" role="alert">{error}</span> : null}
    </StyledCard>
  );
});
