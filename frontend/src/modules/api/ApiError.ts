import type { ErrorBody } from './types';

/** A failed call: the server's code and message, and the HTTP status when there was one. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details: unknown;

  constructor(body: ErrorBody, status: number) {
    super(body.message);
    this.name = 'ApiError';
    this.code = body.code;
    this.status = status;
    this.details = body.details;
  }

  /** An error for a network failure or an answer that is not the API's envelope. */
  static unexpected(status: number): ApiError {
    return new ApiError(
      { code: status === 0 ? 'network_error' : 'unexpected_response', message: 'something.went.wrong' },
      status,
    );
  }
}

/** Whether a value is the API's error body. */
export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorBody).code === 'string' &&
    typeof (value as ErrorBody).message === 'string'
  );
}
