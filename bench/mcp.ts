/**
 * The MCP rows of `npm run bench` (bench/run.ts, group `mcp`; `BENCH_ONLY=mcp` runs them alone): the
 * same calculation over Streamable HTTP and REST on one server process, in the same rounds. GET /v1/time
 * at 10,000 land points against `tools/call get_local_time` (the tool behind it) at the same points,
 * each call one POST /mcp as an MCP client sends it (no session: the endpoint is stateless). Targets
 * (issue 29): a call's server CPU at most 1.5× the REST route's, and at least half its req/s with the
 * run's 10 connections. A third row sends the same calls as a client taking brotli (`Accept-Encoding:
 * gzip, deflate, br`): a get_local_time result (~1.4 KB) is over the compression threshold, the REST
 * answer (~0.5 KB) is not, so that row shows what compression adds to a hot call.
 */

/** What an MCP client built on fetch (Node's undici) sends besides its key, with every message after initialize. */
export const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-06-18',
};

/** Accept-Encoding as browsers and most HTTP clients send it. */
export const TAKING_BROTLI = { 'accept-encoding': 'gzip, deflate, br' };

/** One tools/call of get_local_time per point, as autocannon requests (built once, before the clock). */
export function mcpCallRequests(points: readonly { lat: number; lon: number }[], at: string, headers: Record<string, string>) {
  return points.map((p, i) => ({
    method: 'POST' as const,
    path: '/mcp',
    headers: { ...MCP_HEADERS, ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: i + 1, method: 'tools/call', params: { name: 'get_local_time', arguments: { lat: p.lat, lon: p.lon, at } } }),
  }));
}

interface Measured {
  rps: number;
  cpuUs: number | null;
}

/** The ratios printed under the table, and the two targets' verdicts. */
export function mcpVerdicts(rest: Measured, mcp: Measured, compressed?: Measured): { lines: string[]; checks: [string, boolean][] } {
  const fmt = (n: number, d = 2) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  const cpu = rest.cpuUs && mcp.cpuUs ? mcp.cpuUs / rest.cpuUs : null;
  const rps = mcp.rps / rest.rps;
  const lines = [
    `MCP tools/call vs REST, same calculation, same process and rounds: server CPU a call ${cpu === null ? '– (no /proc)' : `${fmt(mcp.cpuUs!, 1)} vs ${fmt(rest.cpuUs!, 1)} µs = ${fmt(cpu)}×`}; req/s ${fmt(mcp.rps, 0)} vs ${fmt(rest.rps, 0)} = ${fmt(rps)}×.`,
  ];
  if (compressed?.cpuUs && rest.cpuUs && mcp.cpuUs) {
    lines.push(
      `The same calls taking brotli (each result compressed): ${fmt(compressed.cpuUs, 1)} µs a call = ${fmt(compressed.cpuUs / rest.cpuUs)}× the REST route's, ${fmt(compressed.cpuUs - mcp.cpuUs, 1)} µs more than uncompressed; req/s ${fmt(compressed.rps, 0)}.`,
    );
  }
  const checks: [string, boolean][] = [
    [`MCP tools/call server CPU ≤ 1.5× the REST route's (measured ${cpu === null ? 'nothing: no /proc' : `${fmt(cpu, 3)}×`})`, cpu !== null && cpu <= 1.5],
    [`MCP tools/call req/s ≥ 50% of the REST route's (measured ${fmt(rps, 4)})`, rps >= 0.5],
  ];
  return { lines, checks };
}
