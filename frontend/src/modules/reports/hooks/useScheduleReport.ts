import { useCallback, useEffect, useState } from 'react';
import { useApi } from '@/modules/auth/hooks/useApi';
import type { Range, ScheduleReport } from '../utils/report';

/** The schedule report of a range (`reportSchedule`), read again when the range changes. */
export function useScheduleReport(storeId: string | null, range: Range | null) {
  const api = useApi();
  const [data, setData] = useState<ScheduleReport | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  const [round, setRound] = useState(0);
  const start = range?.start;
  const end = range?.end;

  useEffect(() => {
    if (!storeId || start === undefined || end === undefined) return;
    let live = true;
    setLoading(true);
    api
      .call('reportSchedule', { storeId, start, end })
      .then((report) => {
        if (!live) return;
        setData(report);
        setError(null);
      })
      .catch((e: unknown) => {
        if (live) setError(e);
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [api, storeId, start, end, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { data, error, loading, reload };
}
