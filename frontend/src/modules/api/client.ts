import { ApiError, isErrorBody } from './ApiError';
import type { components } from './schema';
import { takeEarlyRead } from './earlyReads';
import type { CallInput, CallName, CallOutput } from './types';

/** Where the API answers, on the app's own origin. */
export const API_BASE = '/api/v1';

/** A path under the API's base with its query, as `ApiClient.get` asks for it. */
export function readPath(path: string, query: Record<string, string | number | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined) params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** An uploaded file, as its uploader gets it back. */
export type UploadedFile = components['schemas']['FileView'];
/** What an upload is for. */
export type UploadPurpose = 'chat' | 'logo' | 'profile' | 'support' | 'cover';

/**
 * The app's language as the page names it (`lang`, which i18n sets): the server words mails
 * to people in the language they sign in with.
 */
function pageLanguage(): string | undefined {
  return typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined;
}

/** The voice assistant's answer: the spoken reply and the texts shown beside it. */
export interface VoiceAnswer {
  /** The spoken answer; null when no voice speaks the answer's language on the server. */
  audio: Blob | null;
  /** The answer's language (the page's, which the request names). */
  language: string;
  /** What was heard (empty for a confirmation). */
  transcript: string;
  answer: string;
  intent: string;
  /** `grammar`, `open`, `typed` or `confirmation`. */
  heard: string;
  /** The token that carries out the proposed action, when one waits. */
  confirmation: string | null;
}

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
    return this.request<T>('GET', readPath(path, query));
  }

  /**
   * Uploads one file (`POST /api/v1/files`, multipart): a chat attachment for a store, a logo
   * or a profile photo. The server reads its type from its content.
   */
  upload(file: Blob, name: string, fields: { purpose: UploadPurpose; storeId?: string }): Promise<UploadedFile> {
    const form = new FormData();
    form.set('purpose', fields.purpose);
    if (fields.storeId) form.set('storeId', fields.storeId);
    form.set('file', file, name);
    return this.request<UploadedFile>('POST', '/files', form);
  }

  /**
   * Uploads a spreadsheet to an import call (`importRoles`, `importEmployees`; multipart): the
   * whole answer, whose `id` names the temporary document to confirm.
   */
  importSheet<T>(call: string, file: Blob, name: string, storeId: string): Promise<T> {
    const form = new FormData();
    form.set('storeId', storeId);
    form.set('file', file, name);
    return this.request<T>('POST', `/${call}`, form, true);
  }

  /**
   * Asks the voice assistant (`POST /api/v1/voice-assistant`, multipart): a recorded command
   * (16 kHz mono WAV), a typed one, or the confirmation of a proposed action. Answers the
   * spoken reply and its texts, which the server sends as headers beside the audio. The
   * answer is worded and spoken in the page's language.
   */
  async voice(storeId: string, command: { recording?: Blob; text?: string; confirmation?: string }): Promise<VoiceAnswer> {
    const form = new FormData();
    form.set('storeId', storeId);
    if (command.recording) form.set('command', command.recording, 'command.wav');
    if (command.text) form.set('text', command.text);
    if (command.confirmation) form.set('confirmation', command.confirmation);
    const headers: Record<string, string> = {};
    const token = this.token();
    if (token) headers.authorization = `Bearer ${token}`;
    const language = pageLanguage();
    if (language) headers['accept-language'] = language;
    let response: Response;
    try {
      response = await this.fetcher(`${this.base}/voice-assistant`, { method: 'POST', headers, body: form });
    } catch {
      throw ApiError.unexpected(0);
    }
    if (response.ok) {
      // The texts are form-encoded UTF-8 (a header carries no other bytes).
      const text = (name: string) => new URLSearchParams(`t=${response.headers.get(name) ?? ''}`).get('t') ?? '';
      const spoken = response.headers.get('voice-spoken') !== 'no';
      return {
        audio: spoken ? await response.blob() : null,
        language: response.headers.get('content-language') ?? language ?? 'en',
        transcript: text('voice-transcript'),
        answer: text('voice-answer'),
        intent: response.headers.get('voice-intent') ?? '',
        heard: response.headers.get('voice-heard') ?? '',
        confirmation: response.headers.get('voice-confirmation'),
      };
    }
    if (response.status === 401 && token) this.onUnauthorized();
    const json: unknown = await response.json().catch(() => null);
    if (isErrorBody(json)) throw new ApiError(json, response.status);
    throw ApiError.unexpected(response.status);
  }

  /** A download under `/api/v1` (an export): the file and the name the server gives it. */
  async download(path: string, query: Record<string, string | number | undefined> = {}): Promise<{ blob: Blob; filename: string }> {
    const headers: Record<string, string> = {};
    const token = this.token();
    if (token) headers.authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await this.fetcher(`${this.base}${readPath(path, query)}`, { headers });
    } catch {
      throw ApiError.unexpected(0);
    }
    if (response.ok) {
      const disposition = response.headers.get('content-disposition') ?? '';
      const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'export';
      return { blob: await response.blob(), filename };
    }
    if (response.status === 401 && token) this.onUnauthorized();
    const json: unknown = await response.json().catch(() => null);
    if (isErrorBody(json)) throw new ApiError(json, response.status);
    throw ApiError.unexpected(response.status);
  }

  /** A file the caller may read (a chat attachment needs the token), as a blob. */
  async blob(url: string): Promise<Blob> {
    const headers: Record<string, string> = {};
    const token = this.token();
    if (token) headers.authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await this.fetcher(url, { headers });
    } catch {
      throw ApiError.unexpected(0);
    }
    if (response.ok) return response.blob();
    const json: unknown = await response.json().catch(() => null);
    if (isErrorBody(json)) throw new ApiError(json, response.status);
    throw ApiError.unexpected(response.status);
  }

  private async request<T>(method: 'GET' | 'POST', path: string, body?: unknown, whole = false): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = this.token();
    if (token) headers.authorization = `Bearer ${token}`;
    const language = pageLanguage();
    if (language) headers['accept-language'] = language;
    const form = body instanceof FormData;
    // A form sets its own multipart type and boundary.
    if (body !== undefined && !form) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      // A read the app asked for before it rendered (`earlyReads`) is taken instead of asked again.
      const early = method === 'GET' ? takeEarlyRead(`${this.base}${path}`, token) : undefined;
      response = await (early ??
        this.fetcher(`${this.base}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : form ? body : JSON.stringify(body),
        }));
    } catch {
      throw ApiError.unexpected(0);
    }
    const json: unknown = await response.json().catch(() => null);
    if (response.ok && json && typeof json === 'object' && 'data' in json) {
      return whole ? (json as T) : (json as { data: T }).data;
    }
    if (response.status === 401 && token) this.onUnauthorized();
    if (isErrorBody(json)) throw new ApiError(json, response.status);
    throw ApiError.unexpected(response.status);
  }
}
