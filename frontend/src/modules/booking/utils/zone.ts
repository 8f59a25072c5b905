/**
 * A time zone `Intl` can draw in, from what an answer names: an IANA zone as it is; a store's
 * shown offset (`GMT+01:00`, which the public answers carry) as the fixed zone of that offset
 * (`Etc/GMT-1`, or `+05:30` where the offset is not whole hours); UTC for anything else. A
 * fixed offset ignores daylight saving: an IANA zone from the server is what makes it exact.
 */
export function usableZone(zone: string | null | undefined): string {
  if (zone && accepted(zone)) return zone;
  const m = /^(?:GMT|UTC)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(zone?.trim() ?? '');
  if (m) {
    const [, sign = '+', hh = '0', mm = '00'] = m;
    const hours = Number(hh);
    if (mm === '00') {
      if (hours === 0) return 'UTC';
      // The Etc zones' signs are the reverse of the offsets' (POSIX).
      const etc = `Etc/GMT${sign === '+' ? '-' : '+'}${hours}`;
      if (accepted(etc)) return etc;
    }
    const offset = `${sign}${hh.padStart(2, '0')}:${mm}`;
    if (accepted(offset)) return offset;
  }
  return 'UTC';
}

const seen = new Map<string, boolean>();

function accepted(zone: string): boolean {
  let ok = seen.get(zone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      ok = true;
    } catch {
      ok = false;
    }
    seen.set(zone, ok);
  }
  return ok;
}
