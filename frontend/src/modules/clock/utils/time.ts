/** An instant as a `datetime-local` input shows it, in `zone`. */
export function toLocalInput(at: number, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The instant a `datetime-local` value names in `zone`. */
export function fromLocalInput(value: string, zone: string): number {
  const asUtc = Date.parse(`${value}:00Z`);
  // The zone's offset at that moment, found by showing the guess in the zone.
  const shown = Date.parse(`${toLocalInput(asUtc, zone)}:00Z`);
  const guess = asUtc - (shown - asUtc);
  const check = Date.parse(`${toLocalInput(guess, zone)}:00Z`);
  return guess - (check - asUtc);
}
