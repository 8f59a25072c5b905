import { memo } from 'react';
import type { TFunction } from 'i18next';
import styled from 'styled-components';
import type { Shift } from '@/modules/api/types';
import { ShiftWarnings } from '@/modules/labour/components/ShiftWarnings';
import type { WarningKind } from '@/modules/labour/utils/labour';
import { formatTimeRange } from '@/modules/ui/utils/format';
import { VisuallyHidden } from '@/modules/ui/components/Layout';
import { isLate } from '../utils/progress';

const StyledCard = styled.button<{ $color: string; $draft: boolean; $error: boolean; $selected: boolean }>`
  display: block;
  width: 100%;
  text-align: start;
  padding: 4px 6px;
  margin-bottom: 4px;
  border-radius: ${({ theme }) => theme.radius}px;
  border: 1px ${({ $draft }) => ($draft ? 'dashed' : 'solid')} ${({ $color, $error, theme }) => ($error ? theme.color.danger : $color)};
  border-inline-start-width: 4px;
  background: ${({ $color, $draft }) => `${$color}${$draft ? '14' : '2e'}`};
  color: ${({ theme }) => theme.color.text};
  font-size: 12px;
  line-height: 1.3;
  cursor: grab;
  position: relative;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.primary}; }
  ${({ $selected, theme }) => ($selected ? `outline: 2px solid ${theme.color.primary}; outline-offset: 1px;` : '')}
`;

const StyledCheck = styled.span`
  position: absolute;
  top: 2px;
  inset-inline-end: 4px;
  font-weight: 700;
  color: ${({ theme }) => theme.color.primary};
`;

const StyledTime = styled.span`
  display: block;
  font-weight: 600;
`;

const StyledMeta = styled.span`
  display: flex;
  gap: 4px;
  align-items: center;
  color: ${({ theme }) => theme.color.textMuted};
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
`;

const StyledError = styled.span`
  display: block;
  color: ${({ theme }) => theme.color.danger};
  font-size: 11px;
  white-space: normal;
`;

const StyledEditing = styled.span`
  position: absolute;
  top: -6px;
  inset-inline-end: -4px;
  padding: 0 5px;
  border-radius: 8px;
  font-size: 10px;
  background: ${({ theme }) => theme.color.warning};
  color: #fff;
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
  onOpen,
}: ShiftCardProps) {
  const times = formatTimeRange(shift.start, shift.oe ? null : shift.end, zone, locale);
  return (
    <StyledCard
      type="button"
      $color={color}
      $draft={shift.status === 'draft'}
      $error={!!error}
      $selected={selected}
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
    >
      {selected ? <StyledCheck aria-hidden>✓</StyledCheck> : null}
      {editingBy?.length ? (
        <StyledEditing title={t('schedule.editingBy', { names: editingBy.join(', ') })} data-testid="shift-editing">
          ✎ {editingBy[0]}
        </StyledEditing>
      ) : null}
      {compact ? (
        <StyledMeta>
          <strong>{times}</strong> {shift.title}
          {/* Its name is what it shows; the state, shown here by the card's style, is read too. */}
          <VisuallyHidden>
            {' '}
            {t(`schedule.status.${shift.status}`)}
            {shift.progress !== 'ns' ? ` · ${t(`schedule.progress.${shift.progress}`)}` : ''}
          </VisuallyHidden>
        </StyledMeta>
      ) : (
        <>
          <StyledTime>{times}</StyledTime>
          <StyledMeta>{shift.title}{roleTitle && roleTitle !== shift.title ? ` · ${roleTitle}` : ''}</StyledMeta>
          {assigneeName ? <StyledMeta>{assigneeName}</StyledMeta> : null}
          <StyledMeta data-testid="shift-status">
        {t(`schedule.status.${shift.status}`)}
        {/* Live from the time clock: on the clock, on break, worked or missed. */}
        {shift.progress !== 'ns' ? <span data-testid="shift-progress"> · {t(`schedule.progress.${shift.progress}`)}</span> : null}
        {isLate(shift, Date.now()) ? <span data-testid="shift-late"> · {t('schedule.progress.late')}</span> : null}
      </StyledMeta>
        </>
      )}
      {warnings?.length ? <ShiftWarnings kinds={warnings} compact={compact} /> : null}
      {error ? <StyledError role="alert">{error}</StyledError> : null}
    </StyledCard>
  );
});
