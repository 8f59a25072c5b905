import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown } from 'lucide-react';
import styled from 'styled-components';
import type { Employee, Shift } from '@/modules/api/types';
import type { PresenceUser } from '@/modules/realtime/events';
import { Avatar } from '@/modules/ui/components/Avatar';

const StyledPresence = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
  min-width: 0;
`;

const StyledToggle = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
  max-width: 100%;
  min-height: 36px;
  padding: ${({ theme }) => `${theme.spacing(1)} ${theme.spacing(3)}`};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: 999px;
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  font-size: 0.875rem;
  cursor: pointer;
  &:hover, &[aria-expanded='true'] { background: ${({ theme }) => theme.color.surfaceAlt}; }
`;

const StyledFaces = styled.span`
  display: inline-flex;
  flex: none;
  > * + * { margin-inline-start: -8px; }
`;

const StyledNames = styled.span`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

/* Opens below the names, in the header's flow rather than over the board: on a phone it is
   as wide as the screen allows and never reaches past its edge. */
const StyledPanel = styled.div`
  flex-basis: 100%;
  min-width: 0;
  max-width: 360px;
  padding: ${({ theme }) => theme.spacing(2)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow};
  h2 { margin: 0 0 ${({ theme }) => theme.spacing(2)}; font-size: 0.875rem; font-weight: 600; color: ${({ theme }) => theme.color.textMuted}; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: ${({ theme }) => theme.spacing(2)}; }
  li { display: flex; align-items: center; gap: ${({ theme }) => theme.spacing(2)}; min-width: 0; }
`;

const StyledWho = styled.span`
  display: grid;
  min-width: 0;
  strong, span { overflow-wrap: anywhere; }
  span { color: ${({ theme }) => theme.color.textMuted}; font-size: 0.8125rem; }
`;

/** First names shown on the button; the rest are counted. */
const SHOWN = 2;

export interface PresenceListProps {
  /** The others looking at the board (not the viewer). */
  users: PresenceUser[];
  employees: Employee[];
  /** The loaded shifts, to name the one someone has open. */
  shifts: { get(id: string): Shift | undefined };
  zone: string;
}

/**
 * Who else has the board open, by name: their faces and first names on a button that opens
 * the list of full names and what each is doing (the shift they edit, or just looking).
 */
export function PresenceList({ users, employees, shifts, zone }: PresenceListProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const handlePointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const handleKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', handlePointer);
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('pointerdown', handlePointer);
      document.removeEventListener('keydown', handleKey);
    };
  }, [open]);

  useEffect(() => {
    if (users.length === 0) setOpen(false);
  }, [users.length]);

  if (users.length === 0) return null;
  const firstNames = users.map((u) => u.name.split(' ')[0] || u.name);
  const more = users.length - SHOWN;
  // "Max and Olivia", or "Max, Olivia +2": the reader's language joins them.
  const shown = new Intl.ListFormat(i18n.resolvedLanguage, more > 0 ? { type: 'unit', style: 'short' } : { type: 'conjunction' })
    .format(firstNames.slice(0, SHOWN));
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage, { timeZone: zone, weekday: 'short', hour: 'numeric', minute: '2-digit' });
  const doing = (u: PresenceUser) => {
    if (!u.editing) return t('schedule.presence.looking');
    const shift = shifts.get(u.editing);
    return shift
      ? t('schedule.presence.editing', { title: shift.title, when: when.format(shift.start) })
      : t('schedule.presence.editingShift');
  };
  const recordOf = (u: PresenceUser) => employees.find((e) => e.userId === u.userId);
  const imgOf = (u: PresenceUser) => recordOf(u)?.img;
  // Presence carries the name a person goes by; the list gives their full name.
  const fullName = (u: PresenceUser) => recordOf(u)?.fullname?.trim() || u.name;

  const names = more > 0 ? t('schedule.presence.andMore', { names: shown, count: more }) : shown;

  return (
    <StyledPresence ref={root} role="group" aria-label={t('schedule.lookingNow')} data-testid="presence">
      <StyledFaces>
        {users.slice(0, 4).map((u) => (
          <Avatar key={u.userId} name={fullName(u)} src={imgOf(u)} size={28} />
        ))}
      </StyledFaces>
      <StyledToggle
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={t('schedule.presence.show', { names })}
        onClick={() => setOpen((o) => !o)}
        data-testid="presence-toggle"
      >
        <StyledNames data-testid="presence-names">{names}</StyledNames>
        <ChevronDown size={16} aria-hidden="true" />
      </StyledToggle>
      {open ? (
        <StyledPanel id={listId} role="region" aria-labelledby={`${listId}-title`} data-testid="presence-list">
          <h2 id={`${listId}-title`}>{t('schedule.presence.title', { count: users.length })}</h2>
          <ul>
            {users.map((u) => (
              <li key={u.userId}>
                {/* The name is written beside it. */}
                <span aria-hidden="true">
                  <Avatar name={fullName(u)} src={imgOf(u)} size={32} />
                </span>
                <StyledWho>
                  <strong>{fullName(u)}</strong>
                  <span>{doing(u)}</span>
                </StyledWho>
              </li>
            ))}
          </ul>
        </StyledPanel>
      ) : null}
    </StyledPresence>
  );
}
