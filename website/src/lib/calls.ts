/**
 * How a calculator's input is written for people and programs: the input as text, the curl command
 * against the live API and the MCP `tools/call` request. Browser-safe (no registry, no Node), so the
 * calculator forms rewrite these for what a visitor enters, in the same words the page was built with.
 */

/** What of a tool these need: its name, route and whether it takes a key. */
export interface ToolCall {
  name: string;
  http: { method: 'GET' | 'POST'; path: string };
  auth: 'public' | 'key';
}

/** A value as a form field or query parameter holds it: lists comma-separated, objects (and lists of them) as JSON. */
export const text = (v: unknown) =>
  Array.isArray(v) && !v.some((x) => x !== null && typeof x === 'object') ? v.join(',') : v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v);

/** `start=2024-01-31, end=2024-03-01` */
export const describeInput = (input: Record<string, unknown>) =>
  Object.entries(input)
    .map(([k, v]) => `${k}=${text(v)}`)
    .join(', ');

/** The query string of a GET route (and of a calculator permalink): the tool's input names as parameters. */
export const queryString = (input: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(input).map(([k, v]): [string, string] => [k, text(v)])).toString();

/** `GET /v1/x?a=1&b=2` or a JSON POST, as a curl command against the live API at `apiBase`. */
export function curlCommand(tool: ToolCall, input: Record<string, unknown>, apiBase: string): string {
  const auth = tool.auth === 'key' ? ' -H "Authorization: Bearer $API_KEY"' : '';
  if (tool.http.method === 'GET') return `curl${auth} '${apiBase}${tool.http.path}?${queryString(input)}'`;
  return `curl -X POST${auth} -H 'Content-Type: application/json' '${apiBase}${tool.http.path}' -d '${JSON.stringify(input)}'`;
}

/** The MCP `tools/call` request for the same input. */
export function mcpCall(tool: ToolCall, input: Record<string, unknown>) {
  return { method: 'tools/call', params: { name: tool.name, arguments: input } };
}
