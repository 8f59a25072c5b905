import { useMemo } from 'react';
import type { AvailabilityWindow, Employee, Shift, ShiftRequest } from '@/modules/api/types';
import type { ClockBoard } from '@/modules/clock/utils/clock';
import { useOnceFirstScreenDrawn } from '@/modules/app/utils/firstScreen';
import { useLiveResource } from '@/modules/realtime/hooks/useLiveResource';
import { labourOf, type Labour, type LabourInput, type WarningKind } from '../utils/labour';

/** The store's changes each input follows: its settings, availability, and time off. */
const SETTINGS_CHANGES = ['store.'] as const;
const AVAILABILITY_CHANGES = ['availability.'] as const;
const REQUEST_CHANGES = ['request.'] as const;

/** What the board draws of the labour layer. */
export interface BoardLabour {
  figures: Labour;
  /** ISO 4217 code of the costs. */
  currency: string;
  weeklyLimitMinutes: number;
  /**
   * What a shift would be warned about as it is being edited: `shift` (new, or an edit of
   * a board shift with its id) placed among the board's other shifts.
   */
  preview: (shift: Shift) => WarningKind[];
}

interface Range {
  start: number;
  end: number;
  days: readonly number[];
}

/**
 * The board's labour figures and warnings. They follow the board's live shift list, so every
 * manager's board shows another's edit as it lands; the store's limits, availability and
 * time off are read once and again when they change.
 */
export function useLabour(store: string | null, shifts: readonly Shift[], employees: readonly Employee[], range: Range, zone: string, weekStart: number): BoardLabour | null {
  // The layer comes once the board's shifts are drawn (`firstScreen.ts`).
  const storeId = useOnceFirstScreenDrawn(store);
  const { data: clock } = useLiveResource<ClockBoard>(storeId ? `/stores/${storeId}/clock` : null, SETTINGS_CHANGES);
  const { data: availability } = useLiveResource<AvailabilityWindow[]>(storeId ? `/stores/${storeId}/availability` : null, AVAILABILITY_CHANGES);
  // A week either side, so rest and the week's overtime see the neighbouring shifts' days off too.
  const query = useMemo(() => ({ start: range.start - 7 * 86_400_000, end: range.end + 7 * 86_400_000 }), [range.start, range.end]);
  const { data: timeOff } = useLiveResource<ShiftRequest[]>(storeId ? `/stores/${storeId}/timeoff` : null, REQUEST_CHANGES, { query });
  const settings = clock?.settings;
  return useMemo(() => {
    if (!settings) return null;
    const input: LabourInput = {
      shifts,
      employees,
      days: range.days,
      end: range.end,
      zone,
      rules: {
        overtimeWeeklyMinutes: settings.overtimeWeeklyMinutes,
        overtimeRate: settings.overtimeRate,
        minRestMinutes: settings.minRestMinutes,
        weekStart,
      },
      availability: availability ?? [],
      timeOff: timeOff ?? [],
    };
    const preview = (shift: Shift) => {
      const others = shifts.filter((s) => s.id !== shift.id && s.assigned === shift.assigned);
      const person = employees.filter((e) => e.id === shift.assigned);
      return labourOf({ ...input, shifts: [...others, shift], employees: person }).warnings.get(shift.id) ?? [];
    };
    return { figures: labourOf(input), currency: settings.currency, weeklyLimitMinutes: settings.overtimeWeeklyMinutes, preview };
  }, [settings, shifts, employees, range.days, range.end, zone, weekStart, availability, timeOff]);
}
