/**
 * RFC 9457 problem responses: the only way the API reports an error, on the REST routes and the MCP
 * endpoint's HTTP layer alike. Bodies never carry stack traces.
 */
import { FastResponse } from 'srvx';
import { asSentence } from '../engine/tool.ts';
import type { FieldError } from '../engine/validate.ts';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export interface ProblemInit {
  detail: string;
  errors?: FieldError[];
  headers?: Record<string, string>;
}

/** A problem answer; its `detail` ends in exactly one full stop, question or exclamation mark ({@link asSentence}). */
export function problem(status: number, init: ProblemInit): Response {
  const body: Record<string, unknown> = {
    type: 'about:blank',
    title: TITLES[status] ?? 'Error',
    status,
    detail: asSentence(init.detail),
  };
  if (init.errors?.length) body.errors = init.errors;
  return new FastResponse(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/problem+json; charset=utf-8', 'cache-control': 'no-store', ...init.headers },
  });
}

/** Field errors listed in one answer at most; the rest are counted ("and 80 more"). */
export const MAX_LISTED_ERRORS = 10;
/**
 * Longest field name (80) or message (700) echoed back: what a client sends must not make the answer larger.
 * Messages are the engine's own text (echoing at most 40 characters of a value); the longest is a
 * country's list of zones (`US` has 29: 676 characters), which the contract has a 400 list in full.
 */
const MAX_MESSAGE = 700;
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max)}…` : s);

/**
 * The 400 for field errors: the first {@link MAX_LISTED_ERRORS} in `detail` and `errors` (names and
 * messages clipped), and how many more there were, so an error body stays small whatever was sent.
 */
export function invalid(errors: FieldError[], detail?: string): Response {
  const listed = errors.slice(0, MAX_LISTED_ERRORS).map((e) => ({ ...e, field: clip(e.field, 80), message: clip(e.message, MAX_MESSAGE) }));
  const more = errors.length - listed.length;
  const fields = new Set(errors.map((e) => e.field));
  const text = listed.map((e) => `${e.field} ${e.message}`).join('; ') + (more > 0 ? `; and ${more} more` : '');
  return problem(400, {
    detail: detail ?? `Invalid ${fields.size === 1 ? 'parameter' : 'parameters'}: ${text}`,
    errors: listed,
  });
}
