// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from './ApiError';
import { ApiClient } from './client';
import { startEarlyReads, startSignedInReads, type StoreCalendar } from './earlyReads';
import type { StoreDetail } from './types';

let server: Server;
let base: string;
const seen: { method?: string; url?: string; auth?: string; type?: string; body: string }[] = [];

function body(req: IncomingMessage): Promise<string> {
  return new Promise((ok) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => ok(text));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    seen.push({ method: req.method, url: req.url, auth: req.headers.authorization, type: req.headers['content-type'], body: await body(req) });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
    };
    if (req.url === '/api/v1/login') return send(200, { data: { token: 't' } });
    if (req.url === '/api/v1/files') return send(200, { data: { id: 'f1', url: '/api/v1/files/f1' } });
    if (req.url === '/api/v1/files/f1') {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end('PNGDATA');
    }
    if (req.url === '/api/v1/files/gone') return send(404, { message: 'File not found.', code: 'file_not_found' });
    if (req.url === '/api/v1/createShift')
      return send(400, { message: 'Ana has 1 other shift(s)', code: 'shift_conflict', details: { type: 2 } });
    if (req.url === '/api/v1/me') return send(401, { message: 'You need to be Authenticated to use this method', code: 'not_authenticated' });
    if (req.url?.startsWith('/api/v1/stores/s1/shifts')) return send(200, { data: [] });
    if (req.url === '/api/v1/stores/s1') return send(200, { data: { store: { id: 's1', timezoneReference: 'UTC', weekStart: 1 } } });
    if (req.url === '/api/v1/stores/s1/employees') return send(200, { data: [] });
    return send(502, '<html>bad gateway</html>');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});

afterAll(() => new Promise<void>((ok) => server.close(() => ok())));
// A failed test leaves no stubbed storage to the next.
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('ApiClient', () => {
  it('posts calls as JSON with the bearer token and unwraps data', async () => {
    const api = new ApiClient(base, () => 'tok');
    await expect(api.call('login', { email: 'a@b.co', password: 'pw' })).resolves.toEqual({ token: 't' });
    const last = seen.at(-1)!;
    expect([last.method, last.url, last.auth, last.body]).toEqual(['POST', '/api/v1/login', 'Bearer tok', '{"email":"a@b.co","password":"pw"}']);
  });

  it('sends reads as GET with their query', async () => {
    const api = new ApiClient(base, () => null);
    await api.get('/stores/s1/shifts', { start: 1, end: 2, scope: 'all', skipped: undefined });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/api/v1/stores/s1/shifts?start=1&end=2&scope=all', auth: undefined });
  });

  it('throws the server’s code, message, status and details', async () => {
    const api = new ApiClient(base, () => 'tok');
    const error = await api.call('createShift', { store: 's1', title: 'Bar', start: 1, end: 2, role: 'r1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'shift_conflict', status: 400, message: 'Ana has 1 other shift(s)', details: { type: 2 } });
  });

  it('signs out on 401 only when a token was sent', async () => {
    let signedOut = 0;
    await new ApiClient(base, () => 'tok', () => (signedOut += 1)).get('/me').catch(() => undefined);
    await new ApiClient(base, () => null, () => (signedOut += 1)).get('/me').catch(() => undefined);
    expect(signedOut).toBe(1);
  });

  it('turns an answer that is not the envelope into a generic error', async () => {
    const error = await new ApiClient(base, () => null).call('requestEmailConfirmation', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'unexpected_response', status: 502 });
  });

  it('uploads a file as a multipart form, not JSON', async () => {
    const api = new ApiClient(base, () => 'tok');
    const file = new Blob(['hello'], { type: 'text/plain' });
    await expect(api.upload(file, 'notes.txt', { purpose: 'chat', storeId: 's1' })).resolves.toMatchObject({ id: 'f1' });
    const last = seen.at(-1)!;
    expect(last.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(last.auth).toBe('Bearer tok');
    expect(last.body).toContain('name="storeId"');
    expect(last.body).toContain('filename="notes.txt"');
    expect(last.body).toContain('hello');
  });

  it('downloads a file with the token, and reports a refusal', async () => {
    const origin = base.replace('/api/v1', '');
    const api = new ApiClient(base, () => 'tok');
    const blob = await api.blob(`${origin}/api/v1/files/f1`);
    expect(await blob.text()).toBe('PNGDATA');
    expect(seen.at(-1)?.auth).toBe('Bearer tok');
    await expect(api.blob(`${origin}/api/v1/files/gone`)).rejects.toMatchObject({ code: 'file_not_found', status: 404 });
  });

  it('reports an unreachable server as a network error', async () => {
    const error = await new ApiClient('http://127.0.0.1:9/api/v1', () => null)
      .call('login', { email: 'a@b.co', password: 'pw' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'network_error', status: 0 });
  });

  describe('early reads', () => {
    it('answers the first read of the same path and token from the read started early, once', async () => {
      const before = seen.length;
      startEarlyReads(base, 'tok', ['/stores/s1/shifts?start=5']);
      const api = new ApiClient(base, () => 'tok');
      await expect(api.get('/stores/s1/shifts', { start: 5 })).resolves.toEqual([]);
      expect(seen.length - before).toBe(1);
      expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/api/v1/stores/s1/shifts?start=5', auth: 'Bearer tok' });
      // A second read asks the server again.
      await api.get('/stores/s1/shifts', { start: 5 });
      expect(seen.length - before).toBe(2);
    });

    it('is not taken by another user, and a refused early read is refused as the read would be', async () => {
      const before = seen.length;
      startEarlyReads(base, 'old-token', ['/stores/s1/shifts?start=6']);
      await new ApiClient(base, () => 'new-token').get('/stores/s1/shifts', { start: 6 });
      expect(seen.slice(before).map((r) => r.auth)).toEqual(['Bearer old-token', 'Bearer new-token']);

      let signedOut = 0;
      startEarlyReads(base, 'tok', ['/me']);
      const error = await new ApiClient(base, () => 'tok', () => (signedOut += 1)).get('/me').catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'not_authenticated', status: 401 });
      expect(signedOut).toBe(1);
    });

    /** localStorage as `kept` holds it, with what the reads keep written back into it. */
    const stubStorage = (kept: Record<string, string>) =>
      vi.stubGlobal('localStorage', {
        getItem: (key: string) => kept[key] ?? null,
        setItem: (key: string, value: string) => (kept[key] = value),
      });
    const KEYS = { token: 'token', currentStore: 'store', storeCalendar: 'calendar' };

    it('asks for the first screen’s reads once the store has answered, keeps its calendar, and still hands the store’s answer over', async () => {
      const kept: Record<string, string> = { token: '"tok"', store: '"s1"' };
      stubStorage(kept);
      const before = seen.length;
      const asked: StoreCalendar[] = [];
      startSignedInReads(base, KEYS, (calendar) => {
        asked.push(calendar);
        return [`/stores/${calendar.id}/shifts?start=8`];
      });
      expect(asked).toHaveLength(0);
      const api = new ApiClient(base, () => 'tok');
      await expect(api.get<StoreDetail>('/stores/s1')).resolves.toMatchObject({ store: { id: 's1', weekStart: 1 } });
      await vi.waitFor(() => expect(seen.slice(before).map((r) => r.url)).toContain('/api/v1/stores/s1/shifts?start=8'));
      expect(asked).toEqual([{ id: 's1', timezoneReference: 'UTC', weekStart: 1 }]);
      expect(JSON.parse(kept.calendar ?? 'null')).toEqual({ id: 's1', timezoneReference: 'UTC', weekStart: 1 });
      await api.get('/stores/s1/shifts', { start: 8 });
      await api.get('/stores/s1/employees');
      // The user, the store, its employees and the screen's read: each asked for once.
      expect(seen.slice(before).map((r) => r.url).sort()).toEqual(
        ['/api/v1/me', '/api/v1/stores/s1', '/api/v1/stores/s1/employees', '/api/v1/stores/s1/shifts?start=8'].sort(),
      );
      vi.unstubAllGlobals();
    });

    it('asks for the first screen’s reads at once with the calendar the last visit kept for the store', async () => {
      stubStorage({ token: '"tok"', store: '"s1"', calendar: '{"id":"s1","timezoneReference":"UTC","weekStart":1}' });
      vi.useFakeTimers({ toFake: ['setTimeout'] });
      const before = seen.length;
      const asked: StoreCalendar[] = [];
      startSignedInReads(base, KEYS, (calendar) => {
        asked.push(calendar);
        return [`/stores/${calendar.id}/shifts?start=9`];
      });
      // In the next task, before the store has answered.
      expect(asked).toEqual([]);
      vi.runOnlyPendingTimers();
      vi.useRealTimers();
      expect(asked).toEqual([{ id: 's1', timezoneReference: 'UTC', weekStart: 1 }]);
      const api = new ApiClient(base, () => 'tok');
      await api.get('/stores/s1');
      await api.get('/stores/s1/shifts', { start: 9 });
      await api.get('/stores/s1/employees');
      // The store's answer agreed with the kept calendar: nothing was asked for twice.
      expect(asked).toHaveLength(1);
      expect(seen.slice(before).map((r) => r.url).sort()).toEqual(
        ['/api/v1/me', '/api/v1/stores/s1', '/api/v1/stores/s1/employees', '/api/v1/stores/s1/shifts?start=9'].sort(),
      );
      vi.unstubAllGlobals();
    });

    /** A fetch whose answer for the store waits until `answer` is called. */
    function storeAnswerHeld() {
      let answer = () => {};
      const held = new Promise<void>((ok) => (answer = ok));
      const fetcher: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        if (String(input).endsWith('/stores/s1')) await held;
        return response;
      };
      return { fetcher, answer };
    }

    it('asks again with the store’s calendar when the kept one is out of date or another store’s', async () => {
      for (const calendar of ['{"id":"s1","timezoneReference":"UTC","weekStart":0}', '{"id":"s2","timezoneReference":"UTC","weekStart":1}']) {
        const kept: Record<string, string> = { token: '"tok"', store: '"s1"', calendar };
        stubStorage(kept);
        vi.useFakeTimers({ toFake: ['setTimeout'] });
        const before = seen.length;
        const asked: StoreCalendar[] = [];
        const { fetcher, answer } = storeAnswerHeld();
        startSignedInReads(
          base,
          KEYS,
          (c) => {
            asked.push(c);
            return [`/stores/${c.id}/shifts?start=${c.weekStart}`];
          },
          fetcher,
        );
        // The guess goes out in the next task, before the store's answer.
        vi.runOnlyPendingTimers();
        vi.useRealTimers();
        // Only the out-of-date calendar of the same store is tried first.
        const guessed = calendar.includes('"s2"') ? 0 : 1;
        expect(asked).toHaveLength(guessed);
        answer();
        await new ApiClient(base, () => 'tok').get('/stores/s1');
        await vi.waitFor(() => expect(asked).toHaveLength(guessed + 1));
        expect(asked.at(-1)).toEqual({ id: 's1', timezoneReference: 'UTC', weekStart: 1 });
        expect(JSON.parse(kept.calendar ?? 'null')).toEqual({ id: 's1', timezoneReference: 'UTC', weekStart: 1 });
        // The user, the store, its employees, the guess if any and the read with the store's calendar.
        await vi.waitFor(() => expect(seen.length - before).toBe(4 + guessed));
        vi.unstubAllGlobals();
      }
    });

    it('sends no guess once the store has answered, only the reads of the store’s calendar', async () => {
      // Kept up to date, and out of date.
      for (const weekStart of [1, 0]) {
        stubStorage({ token: '"tok"', store: '"s1"', calendar: JSON.stringify({ id: 's1', timezoneReference: 'UTC', weekStart }) });
        vi.useFakeTimers({ toFake: ['setTimeout'] });
        const before = seen.length;
        const asked: StoreCalendar[] = [];
        startSignedInReads(base, KEYS, (c) => {
          asked.push(c);
          return [`/stores/${c.id}/shifts?start=1${weekStart}`];
        });
        // The store answers while the guess's task still waits.
        await new ApiClient(base, () => 'tok').get('/stores/s1');
        await vi.waitFor(() => expect(asked).toHaveLength(1));
        vi.runAllTimers();
        vi.useRealTimers();
        expect(asked).toEqual([{ id: 's1', timezoneReference: 'UTC', weekStart: 1 }]);
        await vi.waitFor(() => expect(seen.slice(before).map((r) => r.url)).toContain(`/api/v1/stores/s1/shifts?start=1${weekStart}`));
        expect(seen.slice(before).filter((r) => r.url?.includes('/shifts'))).toHaveLength(1);
        vi.unstubAllGlobals();
      }
    });

    it('forgets an answer nobody took in time', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        const before = seen.length;
        startEarlyReads(base, 'tok', ['/stores/s1/shifts?start=7']);
        vi.setSystemTime(Date.now() + 60_000);
        await new ApiClient(base, () => 'tok').get('/stores/s1/shifts', { start: 7 });
        expect(seen.length - before).toBe(2);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
