import { type ComponentProps, createContext, forwardRef, memo, useContext, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import styled, { css } from 'styled-components';
import type { Role, Shift } from '@/modules/api/types';
import { Avatar } from '@/modules/ui/components/Avatar';
import { Muted } from '@/modules/ui/components/Layout';
import { useStableCallback } from '@/modules/ui/hooks/useStableCallback';
import { roleColors } from '@/modules/ui/theme/tokens';
import { OPEN_ROW } from '../utils/boardIndex';
import { employeeName, shownIn, type BoardFilter, type BoardLine, type DayTotal, type Density } from '../utils/boardView';
import { dayKey } from '../utils/calendar';
import { LabourFigure } from '@/modules/labour/components/LabourFigure';
import type { BoardLabour } from '@/modules/labour/hooks/useLabour';
import { BookedShiftsContext } from '@/modules/booking/components/BookedShiftsContext';
import { ShiftCard } from './ShiftCard';

/** Row heights before they are measured: what most rows of each density are. */
const ESTIMATED_ROW: Record<Density, number> = { comfortable: 86, compact: 42 };

const StyledScroller = styled.div`
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.color.surface};
  max-height: calc(100vh - 230px);
  min-height: 240px;
`;

const StyledTable = styled.div`
  min-width: fit-content;
`;

const StyledRow = styled.div<{ $days: number }>`
  display: grid;
  grid-template-columns: minmax(150px, 200px) repeat(${({ $days }) => $days}, minmax(${({ $days }) => ($days === 1 ? '260px' : '118px')}, 1fr));
`;

const stickyBand = css`
  position: sticky;
  z-index: 2;
  /* Opaque, so the cards scrolling under it never show through. */
  background: ${({ theme }) => theme.color.surfaceAlt};
`;

const StyledHeadRow = styled(StyledRow)`
  ${stickyBand};
  top: 0;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

/** The totals, and the labour cost under them, stay in view at the bottom together. */
const StyledFoot = styled.div`
  ${stickyBand};
  bottom: 0;
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;

const StyledHead = styled.div<{ $today?: boolean }>`
  padding: ${({ theme }) => theme.spacing(2)};
  font-weight: 600;
  font-size: 13px;
  text-align: center;
  /* The today tint is laid over the band's opaque colour. */
  background-image: ${({ theme, $today }) => ($today ? `linear-gradient(${theme.color.primarySoft}, ${theme.color.primarySoft})` : 'none')};
`;

const StyledTotal = styled.div`
  padding: 6px ${({ theme }) => theme.spacing(2)};
  font-size: 12px;
  text-align: center;
  font-variant-numeric: tabular-nums;
`;

const StyledCorner = styled.div`
  position: sticky;
  inset-inline-start: 0;
  z-index: 1;
  padding: ${({ theme }) => theme.spacing(2)};
  background: ${({ theme }) => theme.color.surfaceAlt};
  font-weight: 600;
  font-size: 13px;
  text-align: start;
`;

const StyledPerson = styled.div<{ $compact: boolean }>`
  position: sticky;
  inset-inline-start: 0;
  z-index: 1;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
  padding: ${({ theme, $compact }) => ($compact ? '2px 8px' : theme.spacing(2))};
  background: ${({ theme }) => theme.color.surface};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  border-inline-end: 1px solid ${({ theme }) => theme.color.border};
  min-width: 0;
  div { min-width: 0; overflow: hidden; ${({ $compact }) => ($compact ? 'display: flex; gap: 6px; align-items: baseline;' : '')} }
  strong { display: block; font-size: 13px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
`;

/** A day of a row, with its add button as a class of its own: the board draws hundreds of cells. */
const StyledCell = styled.div`
  min-height: 64px;
  padding: 4px;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  border-inline-end: 1px solid ${({ theme }) => theme.color.border};
  cursor: copy;
  &[data-over] { background: ${({ theme }) => theme.color.primarySoft}; }
  .cell-add {
    width: 100%;
    border: none;
    padding: 0;
    background: none;
    color: inherit;
    opacity: 0.45;
    cursor: pointer;
    font-size: 16px;
    line-height: 1.2;
  }
  [data-density='compact'] & {
    min-height: 36px;
    padding: 2px;
    .cell-add { font-size: 12px; line-height: 1; }
  }
`;

export interface BoardGridProps {
  lines: BoardLine[];
  days: readonly number[];
  totals: DayTotal[];
  zone: string;
  roles: Role[];
  filter: BoardFilter;
  density: Density;
  errors: Record<string, string>;
  editing: Record<string, string[]>;
  /** Shift cards selected for a batch action. */
  selected?: ReadonlySet<string>;
  onOpen: (shift: Shift, extend: boolean) => void;
  onCreate: (day: number, assignee: string | null) => void;
  onMove: (shiftId: string, day: number, assignee: string | null) => void;
  /** Hours, cost and warnings of the labour layer, once known. */
  labour?: BoardLabour | null;
}

const NONE_SELECTED: ReadonlySet<string> = new Set();

/**
 * What every row draws with: the same objects for every row, so rows render only when their own
 * data changes. The translation is handed down with it: a translation hook per row, cell and card
 * would each subscribe to the language, hundreds of times as the board first draws. The handlers
 * keep their identity (`useStableCallback`), and the labour layer is not in it but in
 * `LabourContext`: its arrival, and its every recount, draw again only the figures and warnings
 * that show it, not every row and cell.
 */
interface RowContext {
  t: TFunction;
  locale: string | undefined;
  days: readonly number[];
  dayKeys: string[];
  dayLabels: string[];
  zone: string;
  roleById: Map<string, Role>;
  filter: BoardFilter;
  compact: boolean;
  errors: Record<string, string>;
  editing: Record<string, string[]>;
  selected: ReadonlySet<string>;
  onOpen: (shift: Shift, extend: boolean) => void;
  onCreate: (day: number, assignee: string | null) => void;
  onMove: (shiftId: string, day: number, assignee: string | null) => void;
}

/** The board's labour layer, for the row figures and the cards' warnings. */
const LabourContext = createContext<BoardLabour | null>(null);

/**
 * The board's grid: one row per employee (open shifts first), one column per day, with day
 * totals in a sticky footer. Only the rows in view (and a few around them) are in the page.
 */
export const BoardGrid = memo(function BoardGrid({ lines, days, totals, zone, roles, filter, density, errors, editing, selected = NONE_SELECTED, onOpen, onCreate, onMove, labour = null }: BoardGridProps) {
  const { t, i18n } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const [bodyTop, setBodyTop] = useState(0);
  const compact = density === 'compact';
  const locale = i18n.resolvedLanguage;
  const open = useStableCallback(onOpen);
  const create = useStableCallback(onCreate);
  const move = useStableCallback(onMove);

  const ctx = useMemo<RowContext>(() => {
    const head = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: zone });
    return {
      t,
      locale,
      days,
      dayKeys: days.map((d) => dayKey(d, zone)),
      dayLabels: days.map((d) => head.format(d)),
      zone,
      roleById: new Map(roles.map((r) => [r.id, r])),
      filter,
      compact,
      errors,
      editing,
      selected,
      onOpen: open,
      onCreate: create,
      onMove: move,
    };
  }, [t, locale, days, zone, roles, filter, compact, errors, editing, selected, open, create, move]);
  const today = dayKey(Date.now(), zone);

  useLayoutEffect(() => setBodyTop(body.current?.offsetTop ?? 0), [days.length, density]);
  const rows = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW[density],
    getItemKey: (i) => lines[i]?.key ?? i,
    overscan: 3,
    scrollMargin: bodyTop,
    // Before the scroller is measured (and where nothing is laid out) assume a desktop's view.
    initialRect: { width: 1280, height: 720 },
  });
  // A new search or filter shows its first rows, wherever the board was scrolled to.
  useLayoutEffect(() => rows.scrollToOffset(0), [rows, filter]);
  const items = rows.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const padTop = first ? first.start - bodyTop : 0;
  const padBottom = last ? rows.getTotalSize() - (last.end - bodyTop) : 0;

  return (
    <StyledScroller ref={scroller} data-testid="board-scroller">
      <StyledTable role="grid" aria-label={t('schedule.board')} aria-rowcount={lines.length + (labour ? 3 : 2)} data-testid="board" data-density={density}>
        <StyledHeadRow $days={days.length} role="row" aria-rowindex={1}>
          <StyledCorner role="columnheader">{t('schedule.employees')}</StyledCorner>
          {days.map((d, i) => (
            <StyledHead key={d} role="columnheader" $today={ctx.dayKeys[i] === today}>
              {ctx.dayLabels[i]}
            </StyledHead>
          ))}
        </StyledHeadRow>
        <div ref={body} role="rowgroup" style={{ paddingTop: padTop, paddingBottom: padBottom }}>
          <LabourContext.Provider value={labour}>
            {items.map((item) => {
              const line = lines[item.index];
              if (!line) return null;
              return <BoardRowView key={item.key} ref={rows.measureElement} index={item.index} line={line} ctx={ctx} />;
            })}
          </LabourContext.Provider>
        </div>
        <StyledFoot role="rowgroup">
          <StyledRow $days={days.length} role="row" aria-rowindex={lines.length + 2} data-testid="board-totals">
            <StyledCorner role="rowheader">{t('schedule.totals')}</StyledCorner>
            {totals.map((total, i) => (
              <StyledTotal key={days[i]} role="gridcell" data-testid={`total-${ctx.dayKeys[i]}`} data-minutes={total.minutes} data-shifts={total.shifts}>
                {t('schedule.dayTotal', { hours: Math.round(total.minutes / 6) / 10, count: total.shifts })}
              </StyledTotal>
            ))}
          </StyledRow>
          {labour ? (
            <StyledRow $days={days.length} role="row" aria-rowindex={lines.length + 3} data-testid="board-labour">
              <StyledCorner role="rowheader">
                {t('labour.cost')}
                <LabourFigure figures={labour.figures.total} currency={labour.currency} testId="labour-total" />
              </StyledCorner>
              {labour.figures.days.map((figures, i) => (
                <StyledTotal key={days[i]} role="gridcell">
                  <LabourFigure figures={figures} currency={labour.currency} testId={`labour-day-${ctx.dayKeys[i]}`} />
                </StyledTotal>
              ))}
            </StyledRow>
          ) : null}
        </StyledFoot>
      </StyledTable>
    </StyledScroller>
  );
});

interface RowProps {
  index: number;
  line: BoardLine;
  ctx: RowContext;
}

/** One employee's (or the open shifts') week; renders again only when its own shifts change. */
const BoardRowView = memo(
  forwardRef<HTMLDivElement, RowProps>(function BoardRowView({ index, line, ctx }, ref) {
    const { t } = ctx;
    const name = line.employee ? employeeName(line.employee) : line.key === OPEN_ROW ? t('schedule.openShifts') : t('schedule.formerMember');
    const assignee = line.key === OPEN_ROW ? null : line.key;
    const testName = line.employee?.email ?? line.key;
    return (
      <StyledRow ref={ref} data-index={index} $days={ctx.days.length} role="row" aria-rowindex={index + 2} data-testid={`row-${testName}`}>
        <StyledPerson role="rowheader" $compact={ctx.compact}>
          {line.employee ? <Avatar name={name} src={line.employee.displayImg ?? line.employee.img} size={ctx.compact ? 22 : 28} /> : <Avatar name="○" size={ctx.compact ? 22 : 28} />}
          <div>
            <strong>{name}</strong>
            <Muted>{t('schedule.hours', { hours: Math.round((line.row?.minutes ?? 0) / 60) })}</Muted>
            {line.employee ? <RowLabour employee={line.key} testName={testName} /> : null}
          </div>
        </StyledPerson>
        {ctx.days.map((d, i) => (
          <BoardCell
            key={d}
            day={d}
            dayIndex={i}
            list={line.row?.cells.get(i)}
            name={name}
            assignee={assignee}
            testName={testName}
            ctx={ctx}
          />
        ))}
      </StyledRow>
    );
  }),
);

/** An employee's week in hours and cost, once the labour layer is known. */
function RowLabour({ employee, testName }: { employee: string; testName: string }) {
  const labour = useContext(LabourContext);
  const figures = labour?.figures.employees.get(employee);
  if (!labour || !figures) return null;
  return (
    <LabourFigure
      figures={figures.total}
      currency={labour.currency}
      over={figures.total.minutes > labour.weeklyLimitMinutes}
      testId={`labour-${testName}`}
    />
  );
}

/** A card of the board, with what the labour layer warns of it. */
function BoardShiftCard(props: Omit<ComponentProps<typeof ShiftCard>, 'warnings' | 'booked'>) {
  const warnings = useContext(LabourContext)?.figures.warnings.get(props.shift.id);
  const booked = useContext(BookedShiftsContext).get(props.shift.id);
  return <ShiftCard {...props} warnings={warnings} booked={booked} />;
}

interface CellProps {
  day: number;
  dayIndex: number;
  list: readonly Shift[] | undefined;
  name: string;
  assignee: string | null;
  testName: string;
  ctx: RowContext;
}

const NO_SHIFTS: readonly Shift[] = [];

/** One day of one row. The drop highlight is this cell's own state: a drag renders only the cells it crosses. */
const BoardCell = memo(function BoardCell({ day, dayIndex, list = NO_SHIFTS, name, assignee, testName, ctx }: CellProps) {
  const { t } = ctx;
  const [over, setOver] = useState(false);
  const key = ctx.dayKeys[dayIndex]!;
  const shown = useMemo(() => shownIn(list, ctx.filter), [list, ctx.filter]);
  return (
    <StyledCell
      role="gridcell"
      data-over={over || undefined}
      data-testid={`cell-${testName}-${key}`}
      onDoubleClick={() => ctx.onCreate(day, assignee)}
      onDragOver={(e) => {
        e.preventDefault();
        if (!over) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const id = e.dataTransfer.getData('text/shift-id');
        if (id) ctx.onMove(id, day, assignee);
      }}
    >
      {shown.map((shift) => {
        const role = shift.role ? ctx.roleById.get(shift.role) : undefined;
        return (
          <BoardShiftCard
            key={shift.id}
            shift={shift}
            t={t}
            locale={ctx.locale}
            zone={ctx.zone}
            color={role?.color ?? roleColors.none}
            roleTitle={role?.title}
            error={ctx.errors[shift.id]}
            editingBy={ctx.editing[shift.id]}
            compact={ctx.compact}
            selected={ctx.selected.has(shift.id)}
            draggable
            onOpen={ctx.onOpen}
          />
        );
      })}
      <button type="button" className="cell-add" onClick={() => ctx.onCreate(day, assignee)} aria-label={t('schedule.addShiftFor', { name, day: ctx.dayLabels[dayIndex] })} data-testid="add-shift">
        +
      </button>
    </StyledCell>
  );
});
