/**
 * RFC 9457 problem responses: the only way the API reports an error, on the REST routes and the MCP
 * endpoint's HTTP layer alike. Bodies never carry stack traces, and quote at most 200 characters of
 * anything the client sent (engine/echo.ts).
 */
import { FastResponse } from 'srvx';
import { asSentence } from '../engine/index.ts';
import { describeErrors, type FieldError } from '../engine/index.ts';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
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

/** What each problem answer was built from, so a front end that is no HTTP one can read it ({@link problemOf}). */
const inits = new WeakMap<Response, { status: number; init: ProblemInit }>();

/** A problem answer; its `detail` ends in exactly one full stop, question or exclamation mark ({@link asSentence}). */
export function problem(status: number, init: ProblemInit): Response {
  const response = problemResponse(status, init);
  inits.set(response, { status, init });
  return response;
}

/** The title of a problem's status (RFC 9457 `title`): its HTTP reason phrase. */
export const titleOf = (status: number): string => TITLES[status] ?? 'Error';

/** The status and init a {@link problem} answer was built from; undefined for any other response. */
export function problemOf(response: Response): { status: number; init: ProblemInit } | undefined {
  return inits.get(response);
}

function problemResponse(status: number, init: ProblemInit): Response {
  const body: Record<string, unknown> = {
    type: 'about:blank',
    title: titleOf(status),
    status,
    detail: asSentence(init.detail),
  };
  if (init.errors?.length) body.errors = init.errors;
  return new FastResponse(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/problem+json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...init.headers },
  });
}

/**
 * The 400 for field errors: the first few in `detail` and `errors` (names and messages clipped), and how
 * many more there were, so an error body stays small whatever was sent (engine/validate.ts describeErrors,
 * which the MCP tool errors read out too).
 */
export function invalid(errors: FieldError[], detail?: string): Response {
  const described = describeErrors(errors);
  return problem(400, { detail: detail ?? described.text, errors: described.listed });
}
