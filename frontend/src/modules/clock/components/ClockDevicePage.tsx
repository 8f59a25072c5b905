import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '@/modules/api/ApiError';
import { errorText } from '@/modules/api/errors';
import type { CallOutput } from '@/modules/api/types';
import { useApi } from '@/modules/auth/hooks/useApi';
import { Button } from '@/modules/ui/components/Button';
import { TextField } from '@/modules/ui/components/Field';
import { Card, Muted, NarrowPage, Stack } from '@/modules/ui/components/Layout';
import { ink } from '@/modules/ui/theme/tokens';
import { deviceAuthorization, formatCode } from '../utils/clock';

/** Where this device keeps its pass. */
const PASS_KEY = 'clockto-clock-pass';

type Shown = CallOutput<'getClockCode'>;

/**
 * `/clocks`: the store's clock device (a tablet at the door). Authorised once with the business
 * identity code, it shows a code and its QR code, new every 30 seconds; employees scan it or
 * type it to clock in and out. Opened from a store's settings (`/clocks?store=…`), it names that
 * store when it is authorised.
 */
export function ClockDevicePage() {
  const { t } = useTranslation();
  const api = useApi();
  const [params] = useSearchParams();
  const [pass, setPass] = useState(() => localStorage.getItem(PASS_KEY));
  const [identity, setIdentity] = useState('');
  const [shown, setShown] = useState<Shown | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (!pass) return;
    let timer: ReturnType<typeof setTimeout>;
    let live = true;
    const load = async () => {
      try {
        const next = await api.call('getClockCode', { pass });
        if (!live) return;
        setShown(next);
        setError(null);
        // The server's clock decides when the next code is due, not this device's.
        timer = setTimeout(() => void load(), Math.max(1000, next.validUntil - next.now + 250));
      } catch (e) {
        if (!live) return;
        if (e instanceof ApiError && e.status === 401) {
          localStorage.removeItem(PASS_KEY);
          setPass(null);
          setShown(null);
        }
        setError(errorText(t, e));
        timer = setTimeout(() => void load(), 5000);
      }
    };
    void load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, pass, t]);

  useEffect(() => {
    if (!shown) return;
    const offset = shown.now - Date.now();
    const tick = () => setLeft(Math.max(0, Math.ceil((shown.validUntil - (Date.now() + offset)) / 1000)));
    tick();
    const id = setInterval(tick, 500);
    return () => clearInterval(id);
  }, [shown]);

  const authorize = async () => {
    try {
      const device = await api.call('authorizeBusinessClockInHashAccess', deviceAuthorization(identity, params.get('store')));
      localStorage.setItem(PASS_KEY, device.pass);
      setPass(device.pass);
      setError(null);
    } catch (e) {
      setError(errorText(t, e));
    }
  };

  if (!pass) {
    return (
      <NarrowPage>
        <Card>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void authorize();
            }}
          >
            <Stack>
              <h1>{t('clock.device.title')}</h1>
              <Muted>{t('clock.device.intro')}</Muted>
              <TextField label={t('clock.device.identityCode')} value={identity} onChange={(e) => setIdentity(e.target.value)} autoComplete="off" data-testid="device-identity" />
              {error ? <div role="alert">{error}</div> : null}
              <Button type="submit" disabled={!identity.trim()} data-testid="device-authorize">{t('clock.device.authorize')}</Button>
            </Stack>
          </form>
        </Card>
      </NarrowPage>
    );
  }

  const url = shown ? `${window.location.origin}/clock?store=${shown.store.id}&code=${shown.code}` : '';
  return (
    <NarrowPage>
      <Card style={{ textAlign: 'center' }}>
        <Stack>
          <h1>{shown?.store.name ?? t('clock.device.title')}</h1>
          {shown ? (
            <>
              {/* A code reads dark on light in either theme. */}
              <div style={{ background: ink.white, padding: '1rem', display: 'inline-block', margin: '0 auto' }}>
                <QRCodeSVG value={url} size={240} title={t('clock.device.qr')} />
              </div>
              <div data-testid="device-code" style={{ fontSize: '2.5rem', fontFamily: 'monospace', letterSpacing: '0.15em' }}>
                {formatCode(shown.code)}
              </div>
              <Muted aria-live="polite">{t('clock.device.next', { seconds: left })}</Muted>
              <Muted>{t('clock.device.howTo')}</Muted>
            </>
          ) : (
            <Muted>{t('common.loading')}</Muted>
          )}
          {error ? <div role="alert">{error}</div> : null}
        </Stack>
      </Card>
    </NarrowPage>
  );
}
