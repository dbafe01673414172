/**
 * API errors. Route code throws an ApiError; the app's error handler renders it in one of the
 * spec's two shapes:
 * - `v1`:     { "error": { "code", "message", ...extra } }   (the /v1/* endpoints, and the default)
 * - `legacy`: { "success": false, "errors": [ { "message" } ] }   (POST /fatture/{uuid}/pagamenti)
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type ErrorShape = 'v1' | 'legacy';

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly shape: ErrorShape = 'v1',
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  body(): Record<string, unknown> {
    if (this.shape === 'legacy') {
      const errors = Array.isArray(this.extra.errors) ? this.extra.errors : [{ message: this.message }];
      return { success: false, errors };
    }
    return { error: { code: this.code, message: this.message, ...this.extra } };
  }
}

export function errorResponse(c: Context, err: ApiError): Response {
  for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
  return c.json(err.body(), err.status);
}

export const notFound = (message: string, shape: ErrorShape = 'v1'): ApiError => new ApiError(404, 'not_found', message, {}, shape);

/** 422 for a malformed query parameter or body field; `field` names it when there is one. */
export const validationError = (message: string, field?: string, shape: ErrorShape = 'v1'): ApiError =>
  new ApiError(422, 'validation_error', message, field === undefined ? {} : { field }, shape);

/** The error code used for a status when a fault rule gives none. */
export function codeForStatus(status: number): string {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 422) return 'validation_error';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server_error';
  return 'error';
}
