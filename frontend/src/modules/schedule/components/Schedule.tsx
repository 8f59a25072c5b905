import { startTransition, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAtom } from 'jotai';
import type { Shift } from '@/modules/api/types';
import { errorText } from '@/modules/api/errors';
import { useMe } from '@/modules/auth/hooks/useMe';
import { usePresenceUsers } from '@/modules/realtime/hooks/usePresence';
import { useStoreSocket } from '@/modules/realtime/hooks/useStoreSocket';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { useSnackbar } from '@/modules/snackbar/hooks/useSnackbar';
import { useLabour } from '@/modules/labour/hooks/useLabour';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { NextIcon, PreviousIcon } from '@/modules/ui/components/DirectionIcon';
import { ConfirmDialog } from '@/modules/ui/components/ConfirmDialog';
import { Card, FloatingStatus, Muted, PageHeader, Row } from '@/modules/ui/components/Layout';
import { Loading } from '@/modules/ui/components/Spinner';
import { Tabs } from '@/modules/ui/components/Tabs';
import { SelectField } from '@/modules/ui/components/Field';
import { useScheduleView } from '../hooks/useScheduleView';
import { useShiftErrors, useShiftsInRange } from '../hooks/useShifts';
import { useBoardActions, type BatchOp } from '../hooks/useBoardActions';
import { useBoardSelection } from '../hooks/useBoardSelection';
import { usePrinting } from '../hooks/usePrinting';
import { useUndoShortcut } from '../hooks/useUndoShortcut';
import { useBoardIndex, useStoredShift } from '../hooks/useShiftStore';
import { boardDensityState } from '../states/boardDensityState';
import { shiftStore } from '../store/shiftStore';
import { boardLines, dayTotals, NO_FILTER, reuseLines, type BoardFilter, type BoardLine } from '../utils/boardView';
import { BookedShiftsContext } from '@/modules/booking/components/BookedShiftsContext';
import { useBookedShifts } from '@/modules/booking/hooks/useBookedShifts';
import { dayStart, SCHEDULE_VIEWS, stepAnchor, viewRange, type ScheduleView } from '../utils/calendar';
import { publishable } from '../utils/grouping';
import { draftOfShift, instantsOf, movedShift, repeatStarts, type ShiftDraft } from '../utils/shiftForm';
import { BatchBar } from './BatchBar';
import { BoardActions } from './BoardActions';
import { BoardGrid } from './BoardGrid';
import { BoardToolbar } from './BoardToolbar';
import { ExportButton } from '@/modules/reports/components/ExportButton';
import { PresenceList } from './PresenceList';
import { PrintWeek } from './PrintWeek';
import { shiftDraftKey } from '../utils/shiftDrafts';
import { useTemplates } from '@/modules/templates/hooks/useTemplates';
import { lazyComponent } from '@/modules/app/utils/lazyComponent';
import { firstScreenDrawn } from '@/modules/app/utils/firstScreen';
import { whenIdle } from '@/modules/app/utils/whenIdle';

// What the board draws only on demand (its dialogs, the month) loads apart from it, so a
// phone's first load carries the grid alone; it is fetched once the grid has been drawn.
const ShiftDialog = lazyComponent(() => import('./ShiftDialog').then((m) => m.ShiftDialog));
const ShiftManagerActions = lazyComponent(() => import('./ShiftManagerActions').then((m) => m.ShiftManagerActions));
const MonthGrid = lazyComponent(() => import('./MonthGrid').then((m) => m.MonthGrid));
const AutoAssignDialog = lazyComponent(() => import('@/modules/labour/components/AutoAssignDialog').then((m) => m.AutoAssignDialog));
const SaveTemplateDialog = lazyComponent(() => import('@/modules/templates/components/SaveTemplateDialog').then((m) => m.SaveTemplateDialog));
const LoadTemplateDialog = lazyComponent(() => import('@/modules/templates/components/LoadTemplateDialog').then((m) => m.LoadTemplateDialog));
const ON_DEMAND = [ShiftDialog, ShiftManagerActions, MonthGrid, AutoAssignDialog, SaveTemplateDialog, LoadTemplateDialog];

type Editing = { shift: Shift | null; draft: ShiftDraft };
const NOBODY_EDITING: Record<string, string[]> = {};
/** The board's template actions: save the week or a day as a template, or load one. */
type TemplateAction = { op: 'save' | 'load'; kind: 'weekly' | 'daily' };

/** The managers' schedule board: views, grouping, dialogs, drag and drop, publish, clear, live. */
export function Schedule() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const snack = useSnackbar();
  const socket = useStoreSocket();
  const users = usePresenceUsers();
  const { storeId, store, roles, employees } = useCurrentStore();
  const zone = store?.timezoneReference ?? 'UTC';
  const { view, setView, anchor, setAnchor } = useScheduleView();
  const range = useMemo(() => viewRange(view, anchor, zone, store?.weekStart ?? 0), [view, anchor, zone, store?.weekStart]);
  const { shifts, loading, error } = useShiftsInRange(storeId, range.start, range.end, 'all');
  // Booked sessions of the range, for the cards' markers (one read while booking is on).
  const booked = useBookedShifts(range.start, range.end);
  // The rows are drawn once the first range has arrived, whole: rows drawn empty and filled a
  // moment later would grow and push each other down. Later ranges draw over the last one.
  // The first drawing of the grid is a transition: rendered in slices the browser can
  // interleave with input and paint, where the whole grid at once would hold a phone's main
  // thread.
  const [firstLoaded, setFirstLoaded] = useState(false);
  useEffect(() => {
    if (!loading) startTransition(() => setFirstLoaded(true));
  }, [loading]);
  // The board is up: what it does not need at first may load (`firstScreen.ts`).
  useEffect(() => {
    if (firstLoaded) firstScreenDrawn();
  }, [firstLoaded]);
  // A failed fetch is tried again when the part is drawn.
  useEffect(() => {
    if (firstLoaded) return whenIdle(() => ON_DEMAND.forEach((part) => void part.preload().catch(() => undefined)));
  }, [firstLoaded]);
  const errors = useShiftErrors();
  const actions = useBoardActions(storeId);
  const { update } = actions;
  const selection = useBoardSelection();
  // Each kind of work is reported by its own hook, so each has its own `busy`.
  const { run: undoReported, busy: undoing } = useReportedCall();
  const { run: batchReported, busy: batching } = useReportedCall();
  const { run: reported } = useReportedCall();
  // The sheet is drawn for the print button at once, and for the browser's own print as it starts.
  const [printAsked, setPrintAsked] = useState(false);
  const printing = usePrinting() || printAsked;
  const handlePrint = () => {
    flushSync(() => setPrintAsked(true));
    window.print();
    setPrintAsked(false);
  };
  const [editing, setEditing] = useState<Editing | null>(null);
  // The open shift as it is now, so the dialog sees another manager's save live.
  const liveShift = useStoredShift(editing?.shift?.id ?? null);
  const [confirm, setConfirm] = useState<'publish' | 'clear' | null>(null);
  const [templateAction, setTemplateAction] = useState<TemplateAction | null>(null);
  const { templates: shiftTemplates } = useTemplates('shift');
  const [autoAssign, setAutoAssign] = useState(false);
  const labour = useLabour(storeId, shifts, employees, range, zone, store?.weekStart ?? 0);
  // The board takes the labour figures as a deferred update: each of their reads redraws every
  // cell, which on a phone would otherwise hold the main thread while the board first loads.
  const boardLabour = useDeferredValue(labour);
  const [filter, setFilter] = useState<BoardFilter>(NO_FILTER);
  // Typing in the search stays responsive on a large store: the rows follow a moment later.
  const shownFilter = useDeferredValue(filter);
  const [density, setDensity] = useAtom(boardDensityState);
  const index = useBoardIndex(range.days, range.end);
  const collator = useMemo(() => new Intl.Collator(i18n.resolvedLanguage, { numeric: true, sensitivity: 'base' }), [i18n.resolvedLanguage]);
  const drawn = useRef<ReadonlyMap<string, BoardLine>>(new Map());
  const lines = useMemo(() => {
    const next = reuseLines(drawn.current, boardLines(index, employees, roles, shownFilter, collator));
    drawn.current = new Map(next.map((l) => [l.key, l]));
    return next;
  }, [index, employees, roles, shownFilter, collator]);
  const totals = useMemo(() => dayTotals(lines, range.days.length, shownFilter), [lines, range.days.length, shownFilter]);
  const toPublish = useMemo(() => publishable(shifts), [shifts]);
  const others = useMemo(() => users.filter((u) => u.userId !== me?.id), [users, me?.id]);
  // Every cell draws with it: while nobody has a shift open it stays one object, so presence
  // news (someone opening the board) does not draw the whole grid again.
  const editingBy = useMemo(() => {
    const map: Record<string, string[]> = {};
    for (const u of others) if (u.editing) (map[u.editing] ??= []).push(u.name);
    return Object.keys(map).length === 0 ? NOBODY_EDITING : map;
  }, [others]);

  // Tell the others this board is open, and which shift this user has open.
  const openShiftId = editing?.shift?.id ?? null;
  useEffect(() => {
    socket?.setPresence(true, openShiftId);
  }, [socket, openShiftId]);
  useEffect(() => () => socket?.setPresence(false, null), [socket]);

  const { mode: selecting, toggle: toggleSelected } = selection;
  const handleOpen = useCallback(
    (shift: Shift, extend = false) => {
      if (selecting || extend) toggleSelected(shift.id);
      else setEditing({ shift, draft: draftOfShift(shift, zone) });
    },
    [zone, selecting, toggleSelected],
  );

  // A selected shift that leaves the board (deleted here or by someone else) leaves the selection.
  const { keep } = selection;
  useEffect(() => keep((id) => shiftStore.get(id) !== undefined), [shifts, keep]);

  const handleUndo = useCallback(async () => {
    if (undoing) return;
    await undoReported(() => actions.undo(), {
      key: 'undo',
      done: (step) => (step ? t('boardActions.undo.done', { action: t(`boardActions.undo.actions.${step.action}`) }) : null),
    });
  }, [actions, undoing, undoReported, t]);
  useUndoShortcut(() => void handleUndo(), !editing && !confirm);

  const handleBatch = async (op: BatchOp) => {
    const chosen = [...selection.ids].map((id) => shiftStore.get(id)).filter((s): s is Shift => s !== undefined);
    const key = op === 'delete' ? 'deleted' : op === 'drop' ? 'dropped' : 'opened';
    const done = await batchReported(() => actions.batch(op, chosen), {
      key: `batch-${op}`,
      done: (changed) => t(`boardActions.select.${key}`, { count: changed.length }),
    });
    if (done) selection.clear();
  };

  const handleCreate = useCallback(
    (day: number, assignee: string | null) => {
      const employee = employees.find((e) => e.id === assignee);
      const role = roles.find((r) => employee?.role.includes(r.id)) ?? roles[0];
      setEditing({
        shift: null,
        draft: { title: role?.title ?? '', role: role?.id ?? '', assigned: assignee ?? '', day, start: '09:00', end: '17:00', repeat: [], oe: false },
      });
    },
    [employees, roles],
  );

  const handleMove = useCallback(
    (shiftId: string, day: number, assignee: string | null) => {
      const shift = shiftStore.get(shiftId);
      if (!shift) return;
      const moved = movedShift(shift, day, assignee, zone);
      if (moved.start === shift.start && moved.assigned === shift.assigned) return;
      void reported(() => update(shift, moved, 'move'), { key: `move-${shiftId}` });
    },
    [zone, update, reported],
  );

  const handleCreateSubmit = async (draft: ShiftDraft) => {
    const { start, end } = instantsOf(draft, zone);
    const assignee = employees.find((e) => e.id === draft.assigned);
    const answer = await actions.create({
      title: draft.title.trim(),
      start,
      end,
      role: draft.role,
      assigned: draft.assigned || null,
      assigneeEmail: assignee?.email ?? null,
      repeat: repeatStarts(draft, zone),
      oe: draft.oe,
    });
    for (const w of answer.warnings) snack(t('schedule.longShiftWarning', { minutes: w.minutes }), 'warning', 'long-shift');
    snack(t('schedule.created', { count: answer.shifts.length }), 'success', 'shift-created');
    return answer;
  };

  const handleUpdateSubmit = async (shift: Shift, draft: ShiftDraft) => {
    const { start, end } = instantsOf(draft, zone);
    await actions.update(shift, { title: draft.title.trim(), start, end, role: draft.role, assigned: draft.assigned || null, oe: draft.oe }, 'edit');
    snack(t('schedule.updated'), 'success', 'shift-updated');
  };

  const handleDelete = async (shift: Shift) => {
    await actions.remove(shift);
    snack(t('schedule.deleted'), 'success', 'shift-deleted');
  };

  const handleBulk = async () => {
    const kind = confirm;
    setConfirm(null);
    if (kind === 'publish') {
      await reported(() => actions.publish(toPublish.map((s) => s.id)), {
        key: 'publish',
        done: (done) => t('schedule.published', { count: done.length }),
      });
    } else if (kind === 'clear') {
      await reported(() => actions.clear(range.start, range.end), {
        key: 'clear',
        done: (gone) => t('schedule.cleared', { count: gone.length }),
      });
    }
  };

  const label = new Intl.DateTimeFormat(i18n.resolvedLanguage, {
    timeZone: zone,
    // A month of the board is a Gregorian month, and is named as one in every language.
    ...(view === 'month' ? { month: 'long', year: 'numeric', calendar: 'gregory' } : { day: 'numeric', month: 'short', year: 'numeric' }),
  });
  const title =
    view === 'month'
      ? label.format(anchor)
      : view === 'day'
        ? label.format(range.start)
        : `${label.format(range.start)} – ${label.format(range.days[range.days.length - 1] ?? range.end)}`;

  if (!store) return <Loading label={t('common.loading')} />;
  return (
    <BookedShiftsContext.Provider value={booked}>
      <PageHeader>
        <Row $gap={3}>
          <h1>{t('schedule.title')}</h1>
          <PresenceList users={others} employees={employees} shifts={shiftStore} zone={zone} />
        </Row>
        <Row $gap={2} className="no-print">
          <BoardActions
            last={actions.steps[actions.steps.length - 1]}
            undoing={undoing}
            selecting={selection.mode}
            onUndo={() => void handleUndo()}
            onSelectMode={selection.toggleMode}
            onPrint={handlePrint}
          />
          <Link to="/clock/now" data-testid="schedule-clock-now">{t('nav.clockNow')}</Link>
          <Link to="/schedule/templates?tab=weekly" data-testid="manage-templates">{t('templates.manage')}</Link>
          <SelectField
            label={t('templates.actions')}
            value=""
            onChange={(e) => {
              const [op, kind] = e.target.value.split(':') as [TemplateAction['op'], TemplateAction['kind']];
              if (op && kind) setTemplateAction({ op, kind });
            }}
            options={[
              { value: '', label: t('templates.choose') },
              { value: 'save:weekly', label: t('templates.saveWeekly') },
              { value: 'save:daily', label: t('templates.saveDaily') },
              { value: 'load:weekly', label: t('templates.loadWeekly') },
              { value: 'load:daily', label: t('templates.loadDaily') },
            ]}
            data-testid="template-actions"
          />
          <Button $variant="secondary" onClick={() => setAutoAssign(true)} data-testid="auto-assign">{t('labour.auto.open')}</Button>
          {storeId ? <ExportButton storeId={storeId} range={{ start: range.start, end: range.end + 1 }} /> : null}
          <Button $variant="secondary" onClick={() => setConfirm('clear')} disabled={shifts.length === 0}>{t('schedule.clear')}</Button>
          {/* "Publish" names its count only when there is something to publish; otherwise it is
              off and says why beside it. */}
          <Button
            onClick={() => setConfirm('publish')}
            disabled={toPublish.length === 0}
            aria-describedby={toPublish.length === 0 ? 'publish-reason' : undefined}
            data-testid="publish"
          >
            {toPublish.length === 0 ? t('schedule.publishShort') : t('schedule.publish', { count: toPublish.length })}
          </Button>
          {toPublish.length === 0 ? <Muted id="publish-reason" data-testid="publish-reason">{t('schedule.nothingToPublish')}</Muted> : null}
        </Row>
      </PageHeader>
      <Row $justify="space-between" style={{ marginBottom: 12 }}>
        <Tabs<ScheduleView> tabs={SCHEDULE_VIEWS.map((v) => ({ value: v, label: t(`schedule.views.${v}`) }))} value={view} onChange={setView} />
        <Row $gap={2}>
          <Button $small $variant="secondary" onClick={() => setAnchor(stepAnchor(view, anchor, -1, zone))} aria-label={t('schedule.previous')}><PreviousIcon /></Button>
          <Button $small $variant="secondary" onClick={() => setAnchor(Date.now())}>{t('schedule.today')}</Button>
          <Button $small $variant="secondary" onClick={() => setAnchor(stepAnchor(view, anchor, 1, zone))} aria-label={t('schedule.next')}><NextIcon /></Button>
          <strong data-testid="range-label">{title}</strong>
        </Row>
      </Row>
      {error ? <Card role="alert">{errorText(t, error)}</Card> : null}
      {loading && shifts.length === 0 ? <FloatingStatus role="status">{t('common.loading')}</FloatingStatus> : null}
      {view === 'month' ? null : (
        <BatchBar count={selection.ids.size} selecting={selection.mode} busy={batching} onRun={(op) => void handleBatch(op)} onClear={selection.clear} />
      )}
      {view === 'month' ? null : <BoardToolbar filter={filter} roles={roles} density={density} onFilter={setFilter} onDensity={setDensity} />}
      {!firstLoaded ? null : view === 'month' ? (
        <Suspense fallback={null}>
          <MonthGrid
            days={range.days}
            end={range.end}
            month={anchor}
            shifts={shifts}
            zone={zone}
            roles={roles}
            employees={employees}
            errors={errors}
            onOpen={handleOpen}
            onCreate={(d) => handleCreate(d, null)}
          />
        </Suspense>
      ) : (
        <BoardGrid
          lines={lines}
          days={range.days}
          totals={totals}
          zone={zone}
          roles={roles}
          filter={shownFilter}
          density={density}
          errors={errors}
          editing={editingBy}
          selected={selection.ids}
          onOpen={handleOpen}
          onCreate={handleCreate}
          onMove={handleMove}
          labour={boardLabour}
        />
      )}
      <Suspense fallback={null}>
        {editing ? (
          <ShiftDialog
            shift={editing.shift}
            live={editing.shift ? liveShift : undefined}
            initial={editing.draft}
            zone={zone}
            roles={roles}
            employees={employees}
            days={range.days.filter((d) => d >= dayStart(range.start, zone))}
            onCreate={handleCreateSubmit}
            onUpdate={handleUpdateSubmit}
            onDelete={handleDelete}
            onClose={() => setEditing(null)}
            shiftTemplates={shiftTemplates}
            draftKey={me && storeId ? shiftDraftKey(me.id, storeId, editing.shift?.id ?? null) : undefined}
            managerActions={editing.shift ? <ShiftManagerActions shift={liveShift ?? editing.shift} storeId={storeId} /> : null}
            warningsFor={labour?.preview}
          />
        ) : null}
        {templateAction?.op === 'save' ? (
          <SaveTemplateDialog
            kind={templateAction.kind}
            days={range.days}
            end={range.end}
            shifts={shifts}
            zone={zone}
            onSaved={(name) => {
              setTemplateAction(null);
              snack(t('templates.savedAs', { title: name }), 'success', 'template-saved');
            }}
            onClose={() => setTemplateAction(null)}
          />
        ) : null}
        {templateAction?.op === 'load' ? (
          <LoadTemplateDialog
            kind={templateAction.kind}
            days={range.days}
            end={range.end}
            zone={zone}
            onLoaded={(answer) => {
              setTemplateAction(null);
              const failed = answer.failed.reduce((n, e) => n + e.shifts.length, 0);
              snack(t('templates.loaded', { count: answer.shifts.length, failed }), failed ? 'warning' : 'success', 'template-loaded');
            }}
            onClose={() => setTemplateAction(null)}
          />
        ) : null}
        {autoAssign && storeId ? (
          <AutoAssignDialog storeId={storeId} start={range.start} end={range.end} zone={zone} roles={roles} onClose={() => setAutoAssign(false)} />
        ) : null}
      </Suspense>
      {view === 'month' || !printing ? null : (
        <PrintWeek storeName={store.name} rangeLabel={title} lines={lines} days={range.days} roles={roles} zone={zone} filter={shownFilter} />
      )}
      {confirm ? (
        <ConfirmDialog
          title={t(confirm === 'publish' ? 'schedule.confirmPublish' : 'schedule.confirmClear', { count: toPublish.length })}
          confirmLabel={t(confirm === 'publish' ? 'schedule.publishShort' : 'schedule.clear')}
          cancelLabel={t('common.cancel')}
          danger={confirm === 'clear'}
          onConfirm={() => void handleBulk()}
          onCancel={() => setConfirm(null)}
        />
      ) : null}
    </BookedShiftsContext.Provider>
  );
}
