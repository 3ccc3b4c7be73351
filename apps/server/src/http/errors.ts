import { type ErrorCode, errorMessageKey, errorStatus } from '@khela/contract';

/** The one error type of the server: a stable code, its HTTP status, an optional payload. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly options: { value?: unknown; message?: string; status?: number } = {},
  ) {
    super(options.message ?? errorMessageKey(code));
    this.status = options.status ?? errorStatus[code];
  }
}

export const errorBody = (code: string, message: string, value?: unknown) => ({
  success: false as const,
  errorCode: code,
  message,
  ...(value === undefined ? {} : { value }),
});
