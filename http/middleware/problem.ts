/**
 * RFC 9457 problem responses: the only way the API reports an error. Bodies never carry stack traces.
 */
import { FastResponse } from 'srvx';
import type { FieldError } from '../../engine/validate.ts';

const TITLES: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 402: 'Payment Required', 403: 'Forbidden', 404: 'Not Found',
  405: 'Method Not Allowed', 413: 'Content Too Large', 415: 'Unsupported Media Type', 429: 'Too Many Requests',
  500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable',
};

export interface ProblemInit {
  detail: string;
  errors?: FieldError[];
  headers?: Record<string, string>;
}

export function problem(status: number, init: ProblemInit): Response {
  const body: Record<string, unknown> = {
    type: 'about:blank',
    title: TITLES[status] ?? 'Error',
    status,
    detail: init.detail,
  };
  if (init.errors?.length) body.errors = init.errors;
  return new FastResponse(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/problem+json; charset=utf-8', 'cache-control': 'no-store', ...init.headers },
  });
}

export function invalid(errors: FieldError[], detail?: string): Response {
  const fields = [...new Set(errors.map((e) => e.field))];
  return problem(400, {
    detail: detail ?? `Invalid ${fields.length === 1 ? 'parameter' : 'parameters'}: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}.`,
    errors,
  });
}

/** A JSON body answer with the API's content type. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new FastResponse(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}
