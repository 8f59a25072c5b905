import { useCallback, useMemo, useState } from 'react';

/**
 * The shift cards selected on the board. Shift or Ctrl/Cmd click adds a card; in select mode
 * (for touch screens) a tap does.
 */
export function useBoardSelection() {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  const [mode, setMode] = useState(false);

  const toggle = useCallback(
    (id: string) =>
      setIds((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setIds(new Set()), []);
  const keep = useCallback(
    (present: (id: string) => boolean) =>
      setIds((current) => {
        const next = new Set([...current].filter(present));
        return next.size === current.size ? current : next;
      }),
    [],
  );
  const toggleMode = useCallback(() => {
    setMode((m) => {
      if (m) setIds(new Set());
      return !m;
    });
  }, []);

  return useMemo(() => ({ ids, mode, toggle, clear, keep, toggleMode }), [ids, mode, toggle, clear, keep, toggleMode]);
}
