import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { tokenState } from '@/modules/auth/states/tokenState';
import { pushStatus, type PushStatus } from '@/modules/push/utils/webPush';
import { SnackbarHost } from '@/modules/snackbar/components/SnackbarHost';
import { currentStoreIdState } from '@/modules/stores/states/currentStoreIdState';
import { renderWithProviders } from '@/test/render';
import type { NotificationSettings, NotificationSettingsChange } from '../types/notificationSettings';
import { NotificationSettingsPanel } from './NotificationSettingsPanel';

vi.mock('@/modules/push/utils/webPush', () => ({
  pushStatus: vi.fn(),
  currentSubscription: vi.fn(async () => null),
  saveSubscription: vi.fn(),
  turnOnPush: vi.fn(),
  turnOffPush: vi.fn(),
}));

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server's defaults: push for everything, mail for what asks for action. */
const defaults = (): NotificationSettings => ({
  kinds: (['newshift', 'timeoff', 'dropshift', 'message', 'shiftUpdate', 'shiftcancel', 'declineShift', 'cancelTimeOff', 'shiftpropose'] as const).map((kind) => ({
    kind,
    mail: kind === 'newshift' || kind === 'timeoff' || kind === 'dropshift',
    push: true,
  })),
  quietHours: null,
});

/**
 * A server holding `settings`: it answers the read, applies each update as the call does (the
 * kinds named change, the quiet hours are replaced) or refuses it with `refuse`, and keeps
 * every update's body.
 */
function serve(settings: NotificationSettings, { refuse = false } = {}) {
  let held = settings;
  const updates: NotificationSettingsChange[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/v1/getNotificationSettings') return json({ data: held });
    if (url === '/api/v1/updateNotificationSettings') {
      const change = JSON.parse(String(init?.body)) as NotificationSettingsChange;
      updates.push(change);
      if (refuse) return json({ code: 'service_unavailable', message: 'The database is not available.' }, 503);
      held = {
        kinds: held.kinds.map((k) => ({ ...k, ...change.kinds?.[k.kind] })),
        quietHours: change.quietHours ?? null,
      };
      return json({ data: held });
    }
    return json({ code: 'not_found', message: 'Not found.' }, 404);
  });
  return updates;
}

function renderPanel() {
  return renderWithProviders(
    <>
      <NotificationSettingsPanel />
      <SnackbarHost />
    </>,
    {
      route: '/settings?tab=notifications',
      initializeState: (state) => {
        state.set(tokenState, 'tok');
        state.set(currentStoreIdState, 's1');
      },
    },
  );
}

const row = (kind: string) => screen.getByTestId(`kind-${kind}`);
const mailSwitch = (name: string) => screen.getByRole<HTMLInputElement>('switch', { name: `${name} by mail` });
const pushSwitch = (name: string) => screen.getByRole<HTMLInputElement>('switch', { name: `${name} as push notifications` });

/** Makes the browser's own zone `zone`, as `Intl` reports it. */
function browserZone(zone: string) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone: zone };
  });
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  vi.mocked(pushStatus).mockResolvedValue('on');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the notification settings', () => {
  it('show every kind with its words, "always" in the app, and the server’s mail and push choices', async () => {
    const settings = defaults();
    settings.kinds[3] = { kind: 'message', mail: true, push: false };
    serve(settings);
    renderPanel();

    await screen.findByTestId('notification-kinds');
    expect(screen.getAllByRole('row').slice(1).map((r) => r.getAttribute('data-testid'))).toEqual([
      'kind-newshift',
      'kind-timeoff',
      'kind-dropshift',
      'kind-message',
      'kind-shiftUpdate',
      'kind-shiftcancel',
      'kind-declineShift',
      'kind-cancelTimeOff',
      'kind-shiftpropose',
    ]);
    expect(within(row('newshift')).getByText('New shifts')).toBeTruthy();
    expect(within(row('newshift')).getByText('A shift is published for you, or waits for your confirmation.')).toBeTruthy();
    expect(within(row('newshift')).getByText('Always')).toBeTruthy();
    expect(mailSwitch('New shifts').checked).toBe(true);
    expect(pushSwitch('New shifts').checked).toBe(true);
    expect(mailSwitch('Messages').checked).toBe(true);
    expect(pushSwitch('Messages').checked).toBe(false);
    expect(mailSwitch('Shift changes').checked).toBe(false);
    expect(screen.getAllByRole('switch')).toHaveLength(18);
  });

  it('sends a switched channel as the call takes it: the kind with both channels, and the quiet hours unchanged', async () => {
    const quietHours = { from: '22:00', until: '07:00', timeZone: 'Europe/Berlin' };
    const updates = serve({ ...defaults(), quietHours });
    renderPanel();

    await userEvent.click(await screen.findByRole('switch', { name: 'New shifts by mail' }));
    expect(mailSwitch('New shifts').checked).toBe(false);
    expect((await screen.findByTestId('snackbar')).textContent).toBe('Notification settings saved.');
    expect(updates).toEqual([{ kinds: { newshift: { mail: false, push: true } }, quietHours }]);

    await userEvent.click(pushSwitch('Time off'));
    await waitFor(() => expect(updates).toHaveLength(2));
    expect(updates[1]).toEqual({ kinds: { timeoff: { mail: true, push: false } }, quietHours });
    await waitFor(() => expect(pushSwitch('Time off').checked).toBe(false));
    expect(mailSwitch('New shifts').checked).toBe(false);
  });

  it('turns a refused change back and says why', async () => {
    serve(defaults(), { refuse: true });
    renderPanel();

    await userEvent.click(await screen.findByRole('switch', { name: 'Messages by mail' }));
    expect((await screen.findByTestId('snackbar')).textContent).toBe('The service is busy. Please try again in a moment.');
    await waitFor(() => expect(mailSwitch('Messages').checked).toBe(false));
  });

  it('offers quiet hours in the browser’s zone and saves them', async () => {
    browserZone('America/Bogota');
    const updates = serve(defaults());
    renderPanel();

    const quiet = await screen.findByTestId('quiet-hours');
    const enabled = within(quiet).getByRole<HTMLInputElement>('checkbox', { name: 'Hold push notifications during quiet hours' });
    expect(enabled.checked).toBe(false);
    expect(within(quiet).queryByLabelText('From')).toBeNull();

    await userEvent.click(enabled);
    expect(within(quiet).getByLabelText<HTMLInputElement>('From').value).toBe('22:00');
    expect(within(quiet).getByLabelText<HTMLInputElement>('Until').value).toBe('07:00');
    expect(within(quiet).getByLabelText<HTMLSelectElement>('Time zone').value).toBe('America/Bogota');

    await userEvent.click(within(quiet).getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('snackbar')).textContent).toBe('Quiet hours saved.');
    expect(updates).toEqual([{ quietHours: { from: '22:00', until: '07:00', timeZone: 'America/Bogota' } }]);
  });

  it('saves the times and the zone chosen, and refuses an end equal to the start', async () => {
    const updates = serve({ ...defaults(), quietHours: { from: '22:00', until: '07:00', timeZone: 'Europe/Berlin' } });
    renderPanel();

    const quiet = await screen.findByTestId('quiet-hours');
    const until = within(quiet).getByLabelText<HTMLInputElement>('Until');
    await userEvent.clear(until);
    await userEvent.type(until, '22:00');
    await userEvent.click(within(quiet).getByRole('button', { name: 'Save' }));
    expect(within(quiet).getByRole('alert').textContent).toBe('Quiet hours need an end different from their start.');
    expect(updates).toEqual([]);

    await userEvent.clear(until);
    await userEvent.type(until, '06:30');
    await userEvent.selectOptions(within(quiet).getByLabelText('Time zone'), 'Asia/Tehran');
    await userEvent.click(within(quiet).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates).toEqual([{ quietHours: { from: '22:00', until: '06:30', timeZone: 'Asia/Tehran' } }]));
  });

  it('turns saved quiet hours off', async () => {
    const updates = serve({ ...defaults(), quietHours: { from: '21:00', until: '06:00', timeZone: 'Asia/Tehran' } });
    renderPanel();

    const quiet = await screen.findByTestId('quiet-hours');
    const enabled = within(quiet).getByRole<HTMLInputElement>('checkbox', { name: 'Hold push notifications during quiet hours' });
    expect(enabled.checked).toBe(true);
    expect(within(quiet).getByLabelText<HTMLInputElement>('From').value).toBe('21:00');
    expect(within(quiet).getByLabelText<HTMLSelectElement>('Time zone').value).toBe('Asia/Tehran');

    await userEvent.click(enabled);
    await userEvent.click(within(quiet).getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('snackbar')).textContent).toBe('Quiet hours turned off.');
    expect(updates).toEqual([{ quietHours: null }]);

    // A channel switched afterwards keeps them off.
    await userEvent.click(pushSwitch('Messages'));
    await waitFor(() => expect(updates).toHaveLength(2));
    expect(updates[1]).toEqual({ kinds: { message: { mail: false, push: false } }, quietHours: null });
  });

  it.each<[PushStatus, string, string | null]>([
    ['off', 'Push notifications are off on this device: the push switches take effect here once you turn them on.', 'Turn on push notifications'],
    ['blocked', "Notifications are blocked for this site. Allow them in your browser's site settings, then turn them on here.", 'Turn on push notifications'],
    ['unsupported', 'This browser cannot receive push notifications.', null],
    ['on', 'Push notifications are on for this device.', 'Turn off push notifications'],
  ])('says beside the push switches when this device is %s, with the action that changes it', async (status, note, action) => {
    vi.mocked(pushStatus).mockResolvedValue(status);
    serve(defaults());
    renderPanel();

    const shown = await screen.findByTestId('push-status');
    await waitFor(() => expect(within(shown).getByRole('status').textContent).toBe(note));
    expect(within(shown).queryByRole('button')?.textContent ?? null).toBe(action);
  });

  it('speaks every language', async () => {
    for (const [lng, name, mail] of [
      ['de', 'Neue Schichten', 'Neue Schichten per E-Mail'],
      ['es', 'Turnos nuevos', 'Turnos nuevos por correo'],
      ['fa', 'شیفت‌های جدید', 'شیفت‌های جدید با ایمیل'],
    ] as const) {
      await i18n.changeLanguage(lng);
      serve(defaults());
      const { unmount } = renderPanel();
      expect(within(await screen.findByTestId('kind-newshift')).getByText(name)).toBeTruthy();
      expect(screen.getByRole('switch', { name: mail })).toBeTruthy();
      unmount();
      vi.restoreAllMocks();
    }
  });
});
