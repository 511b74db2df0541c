/**
 * The promise of docs/adding-a-tool.md, kept: in a scratch copy of the repository, a new tool file, one
 * registry line and the tool's test file give the route, the OpenAPI entry, the status line, the MCP tool
 * and the calculator page (computing in the browser, as the tool declares), and the registry-wide tests
 * stay green there, with nothing else edited. The probe file below only looks; it is not a fourth edit.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = process.cwd();

const TOOL = `/** \`get_weekday\` (GET /v1/date/weekday): the day of the week of a calendar date. */
import { z } from 'zod';
import { CALCULATION, defineTool } from '../tool.ts';
import { IsoDate, Provenance } from '../inputs.ts';
import { WEEKDAYS } from '../instant.ts';
import { CALENDAR, catalogueEntry, fixedProvenance } from '../provenance-catalogue.ts';

const provenance = fixedProvenance({
  data: [CALENDAR],
  methods: [catalogueEntry({ id: 'date.weekday', kind: 'method', summary: 'the weekday of a date, from its epoch day',
    text: 'days since 1970-01-01 (a Thursday), modulo 7, on integer epoch days' })],
});

export const weekday = defineTool({
  name: 'get_weekday',
  family: 'date',
  title: 'Day of the week of a date',
  description: 'The day of the week of a calendar date of years 0001..9999 (proleptic Gregorian calendar), with its '
    + 'ISO 8601 number (Monday 1 .. Sunday 7). Call it rather than working a weekday out by hand.',
  http: { method: 'GET', path: '/v1/date/weekday' },
  auth: 'key',
  cache: 'deterministic',
  input: z.strictObject({ date: IsoDate }),
  output: z.object({
    date: z.string().describe('The date asked for'),
    weekday: z.enum(WEEKDAYS).describe('Day of the week'),
    iso_weekday: z.number().int().min(1).max(7).describe('ISO 8601 day number, Monday 1 .. Sunday 7'),
    provenance: Provenance,
  }),
  examples: [{
    input: { date: '1969-07-20' },
    expect: { weekday: 'Sunday', iso_weekday: 7 },
    source: 'NASA, Apollo 11 mission overview: the lunar module landed on Sunday, July 20, 1969',
  }, {
    input: { date: '2000-02-29' },
    expect: { weekday: 'Tuesday', iso_weekday: 2 },
    source: 'the Gregorian calendar: 2000 is a leap year (divisible by 400) and 1 January 2000 was a Saturday',
  }],
  annotations: CALCULATION,
  calculator: {
    slug: 'day-of-week',
    formula: 'days since 1970-01-01 (a Thursday), modulo 7',
    assumptions: ['Dates are proleptic Gregorian, years 0001..9999.'],
    browser: true,
    answer: (r) => \`\${r.date} is a \${r.weekday}.\`,
  },
  run: ({ date }, ctx) => {
    const days = Math.floor(Date.parse(\`\${date}T00:00:00Z\`) / 86_400_000);
    const index = (((days + 3) % 7) + 7) % 7; // 1970-01-01 was a Thursday (index 3 from Monday)
    return { date, weekday: WEEKDAYS[index], iso_weekday: index + 1, provenance: provenance(ctx) };
  },
});
`;

const TOOL_TEST = `import { describe, expect, it } from 'vitest';
import { weekday } from '../../../engine/date/weekday.ts';
import { runTool } from '../../helpers.ts';

describe('get_weekday', () => {
  it('ISO 8601 puts 2001-01-01 in week 2001-W01 as day 1: a Monday', async () => {
    expect(await runTool(weekday, { date: '2001-01-01' })).toMatchObject({ weekday: 'Monday', iso_weekday: 1 });
  });
});
`;

/** Looks at every front end for the new tool: the real server, its OpenAPI and status, and the built page. */
const PROBE = `import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve } from './serve.ts';
import { buildSite } from './website/build-site.ts';

describe('the new tool everywhere', () => {
  it('is a route, an OpenAPI operation and a status line of the real server', async () => {
    const api = await serve({ env: { TIME_API_KEYS: 'probe-key-0123456789' } });
    try {
      const answer = await fetch(api.base + '/v1/date/weekday?date=1969-07-20', { headers: { 'x-api-key': 'probe-key-0123456789' } });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ weekday: 'Sunday' });
      const openapi = await (await fetch(api.base + '/openapi.json')).json();
      expect(openapi.paths['/v1/date/weekday'].get.operationId).toBe('get_weekday');
      const status = await (await fetch(api.base + '/v1/status')).json();
      expect(status.endpoint_families.find((f) => f.family === 'date').routes).toContain('GET /v1/date/weekday');
    } finally {
      await api.stop();
    }
  }, 120_000);

  it('has a calculator page that runs the tool in the browser, from its own chunk', async () => {
    const dist = await buildSite();
    const html = readFileSync(join(dist, 'calculators/day-of-week/index.html'), 'utf8');
    expect(html).toContain('data-runs="browser"');
    expect(html).toContain('1969-07-20 is a Sunday.');
    const chunks = readdirSync(join(dist, '_astro')).filter((f) => f.endsWith('.js'));
    expect(chunks.some((f) => readFileSync(join(dist, '_astro', f), 'utf8').includes('get_weekday'))).toBe(true);
  }, 600_000);
});
`;

/** The repository as it stands (tracked and new files, not ignored ones), with the installed packages. */
function scratchCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'new-tool-'));
  const listed = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' });
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    try {
      cpSync(join(ROOT, file), join(dir, file));
    } catch {
      /* listed but deleted in the working tree */
    }
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  // The other Node lines and the pinned Inspector npm test has fetched, so their tests run there too.
  if (existsSync(join(ROOT, '.cache'))) symlinkSync(join(ROOT, '.cache'), join(dir, '.cache'));
  return dir;
}

/**
 * The tests a new tool can break: every test file that reads the registry (they loop over every tool:
 * routes, OpenAPI, MCP, pages, answers), found by what it imports, so a new such test is included by
 * itself. With ADDING_A_TOOL_SUITE=full, the whole suite instead (the proof run, about as long as
 * `npm test`). This file itself, and the browser, cross-runtime and Inspector runs (they drive Chromium,
 * other Node binaries and the MCP Inspector over the same registry loop; test/mcp/json-schema.test.ts
 * checks the same schema rules in-process), are left out of the default.
 */
function registryWideTests(dir: string): string[] {
  const listed = spawnSync('git', ['ls-files', '-co', '--exclude-standard', 'test/*.test.ts', 'test/**/*.test.ts'], { cwd: ROOT, encoding: 'utf8' });
  const all = [...new Set(listed.stdout.split('\n').filter(Boolean))].filter((f) => f !== 'test/adding-a-tool.test.ts');
  if (process.env.ADDING_A_TOOL_SUITE === 'full') return all;
  // The Chromium checks of every calculator page (axe, answers computed with fetched data) run over the same
  // page template in the main run; here they would add minutes of browser time for a page the probe loads.
  const heavy = new Set([
    'test/website/browser.test.ts',
    'test/website/a11y.test.ts',
    'test/website/browser-answers.test.ts',
    'test/http/node-versions.test.ts',
    'test/mcp/inspector.test.ts',
  ]);
  return all.filter((f) => !heavy.has(f) && /from '(\.\.\/)+engine\/registry\.ts'/.test(readFileSync(join(dir, f), 'utf8')));
}

/** The one registry line: the import beside the others and the name in the list. */
function addToRegistry(dir: string) {
  const path = join(dir, 'engine/registry.ts');
  const text = readFileSync(path, 'utf8')
    .replace(/\n\/\*\* The tools as declared/, "import { weekday } from './date/weekday.ts';\n\n/** The tools as declared")
    .replace(/\n\] as unknown as AnyTool\[\];/, '\n  weekday,\n] as unknown as AnyTool[];');
  expect(text).toContain('  weekday,\n]');
  writeFileSync(path, text);
}

describe('adding a tool', () => {
  let dir = '';
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a tool file, a registry line and a test file give the route, OpenAPI entry, status line, MCP tool and page', () => {
    dir = scratchCopy();
    writeFileSync(join(dir, 'engine/date/weekday.ts'), TOOL);
    addToRegistry(dir);
    writeFileSync(join(dir, 'test/engine/date/weekday.test.ts'), TOOL_TEST);
    writeFileSync(join(dir, 'test/new-tool-probe.test.ts'), PROBE);
    // The guide's one command after the files: the generated lists of README.md and docs/mcp.md.
    const blocks = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/doc-blocks.ts'], { cwd: dir, encoding: 'utf8' });
    expect(blocks.status, blocks.stderr).toBe(0);
    const files = ['test/engine/date/weekday.test.ts', 'test/new-tool-probe.test.ts', ...registryWideTests(dir)];
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
    delete env.FORCE_COLOR; // vitest sets it for its workers; the summary is read as plain text
    const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...files], { cwd: dir, encoding: 'utf8', env, timeout: 1_750_000 });
    const output = `${run.stdout}\n${run.stderr}`;
    expect(run.status, output.slice(-6000)).toBe(0);
    expect(output).toMatch(new RegExp(`Test Files\\s+${files.length} passed \\(${files.length}\\)`));
    expect(output).toContain('weekday.test.ts');
  }, 1_800_000);
});
