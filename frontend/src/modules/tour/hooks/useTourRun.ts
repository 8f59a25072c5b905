import { useCallback } from 'react';
import { useAtom } from 'jotai';
import { tourRunState } from '../states/tourRunState';
import type { TourName } from '../utils/tours';

/** Whether `name` still runs, a way to end it (finished or skipped), and to start every tour again. */
export function useTourRun(name: TourName) {
  const [run, setRun] = useAtom(tourRunState);
  const end = useCallback(() => setRun((cur) => ({ ...cur, [name]: false })), [name, setRun]);
  const restartAll = useCallback(() => setRun({ dashboard: true, main: true }), [setRun]);
  return { running: run[name], end, restartAll };
}
