import { useCallback, useState } from 'react';

/** Where the phone is, as far as the browser tells. */
export type LocationState =
  | { kind: 'idle' }
  | { kind: 'asking' }
  | { kind: 'known'; latitude: number; longitude: number; accuracy: number }
  | { kind: 'denied' }
  | { kind: 'unavailable' }
  | { kind: 'unsupported' };

/** The phone's location, asked for when a punch needs it. */
export function useLocation() {
  const [state, setState] = useState<LocationState>({ kind: 'idle' });

  const locate = useCallback(
    () =>
      new Promise<LocationState>((resolve) => {
        if (!('geolocation' in navigator)) {
          const s: LocationState = { kind: 'unsupported' };
          setState(s);
          resolve(s);
          return;
        }
        setState({ kind: 'asking' });
        navigator.geolocation.getCurrentPosition(
          (pos) => {
            const s: LocationState = {
              kind: 'known',
              latitude: pos.coords.latitude,
              longitude: pos.coords.longitude,
              accuracy: pos.coords.accuracy,
            };
            setState(s);
            resolve(s);
          },
          (err) => {
            const s: LocationState = { kind: err.code === err.PERMISSION_DENIED ? 'denied' : 'unavailable' };
            setState(s);
            resolve(s);
          },
          { enableHighAccuracy: true, timeout: 10_000, maximumAge: 30_000 },
        );
      }),
    [],
  );

  return { location: state, locate };
}
