/** A JSON answer with the API's content type and nosniff (errors are problem+json: service/problem.ts). */
import { FastResponse } from 'srvx';

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new FastResponse(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-content-type-options': 'nosniff', ...headers },
  });
}
