import { ApiError, isErrorBody } from './ApiError';
import type { CallInput, CallName, CallOutput } from './types';

/** Supplies the bearer token of the signed-in user, if any. */
export type TokenSource = () => string | null;

/** Called when the server says the session is no longer valid. */
export type UnauthorizedHandler = () => void;

/**
 * The HTTP side of the API: `POST /api/v1/<call>` for named calls and `GET` for reads, both
 * unwrapping the `{data}` envelope or throwing an {@link ApiError}.
 */
export class ApiClient {
  constructor(
    private readonly base: string,
    private readonly token: TokenSource,
    private readonly onUnauthorized: UnauthorizedHandler = () => {},
    private readonly fetcher: typeof fetch = (...args) => fetch(...args),
  ) {}

  /** The same client authenticated with `token` (right after sign-up or sign-in). */
  withToken(token: string): ApiClient {
    return new ApiClient(this.base, () => token, this.onUnauthorized, this.fetcher);
  }

  /** Runs a named call with its payload; answers the call's typed output. */
  call<N extends CallName>(name: N, payload: CallInput<N>): Promise<CallOutput<N>> {
    return this.request<CallOutput<N>>('POST', `/${name}`, payload);
  }

  /** Reads a resource path under `/api/v1`. */
  get<T>(path: string, query?: Record<string, string | number | undefined>): Promise<T> {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) {
      if (v !== undefined) params.set(k, String(v));
    }
    const qs = params.toString();
    return this.request<T>('GET', qs ? `${path}?${qs}` : path);
  }

  private async request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = this.token();
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await this.fetcher(`${this.base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw ApiError.unexpected(0);
    }
    const json: unknown = await response.json().catch(() => null);
    if (response.ok && json && typeof json === 'object' && 'data' in json) {
      return (json as { data: T }).data;
    }
    if (response.status === 401 && token) this.onUnauthorized();
    if (isErrorBody(json)) throw new ApiError(json, response.status);
    throw ApiError.unexpected(response.status);
  }
}
