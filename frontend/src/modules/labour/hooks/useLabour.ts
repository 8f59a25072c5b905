import { useMemo } from 'react';
import type { AvailabilityWindow, Employee, Shift, ShiftRequest } from '@/modules/api/types';
import type { ClockBoard } from '@/modules/clock/utils/clock';
import { useLiveResource } from '@/modules/realtime/hooks/useLiveResource';
import { labourOf, type Labour } from '../utils/labour';

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
export function useLabour(storeId: string | null, shifts: readonly Shift[], employees: readonly Employee[], range: Range, zone: string, weekStart: number): BoardLabour | null {
  const { data: clock } = useLiveResource<ClockBoard>(storeId ? `/stores/${storeId}/clock` : null, SETTINGS_CHANGES);
  const { data: availability } = useLiveResource<AvailabilityWindow[]>(storeId ? `/stores/${storeId}/availability` : null, AVAILABILITY_CHANGES);
  // A week either side, so rest and the week's overtime see the neighbouring shifts' days off too.
  const query = useMemo(() => ({ start: range.start - 7 * 86_400_000, end: range.end + 7 * 86_400_000 }), [range.start, range.end]);
  const { data: timeOff } = useLiveResource<ShiftRequest[]>(storeId ? `/stores/${storeId}/timeoff` : null, REQUEST_CHANGES, { query });
  const settings = clock?.settings;
  return useMemo(() => {
    if (!settings) return null;
    const figures = labourOf({
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
    });
    return { figures, currency: settings.currency, weeklyLimitMinutes: settings.overtimeWeeklyMinutes };
  }, [settings, shifts, employees, range.days, range.end, zone, weekStart, availability, timeOff]);
}
