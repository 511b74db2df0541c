/**
 * The promise of docs/adding-a-tool.md, kept as it is written: in a scratch copy of the repository, the
 * guide's tool file, registry line and test file (its code blocks, taken as they are) give the route, the
 * OpenAPI entry, the status line, the MCP tool and the calculator page (computing in the browser, as the
 * tool declares), and the registry-wide tests stay green there, with nothing else edited. The probe file
 * below only looks; it is not a fourth edit.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = process.cwd();

/**
 * The three files as docs/adding-a-tool.md writes them: its `ts` code blocks, each opening with a comment
 * naming the file (`// engine/date/weekday.ts`), the registry's block holding the import and the list entry.
 */
function guideFiles(): { tool: { path: string; text: string }; test: { path: string; text: string }; registry: { imports: string[]; entries: string[] } } {
  const guide = readFileSync(join(ROOT, 'docs/adding-a-tool.md'), 'utf8');
  const blocks = [...guide.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  const named = (test: RegExp) => {
    const found = blocks.filter((b) => test.test(b.split('\n')[0]));
    expect(found, `docs/adding-a-tool.md: one ts block opening with a comment matching ${test}`).toHaveLength(1);
    return { path: /^\/\/ (\S+?):?(\s|$)/.exec(found[0])![1], text: found[0] };
  };
  const tool = named(/^\/\/ engine\/\w+\/[\w-]+\.ts$/);
  const test = named(/^\/\/ test\/engine\/\w+\/[\w-]+\.test\.ts$/);
  const lines = named(/^\/\/ engine\/registry\.ts\b/).text.split('\n');
  const registry = { imports: lines.filter((l) => l.startsWith('import ')), entries: lines.filter((l) => /^\s+\w+,$/.test(l)) };
  expect(blocks, 'the guide shows the three files and nothing else as code').toHaveLength(3);
  return { tool, test, registry };
}

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
    // The form's words are the declaration's: dateInput('Date'), a date picker.
    expect(html).toContain('<label for="input-date">Date');
    expect(html).toContain('<input type="date" id="input-date"');
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
  // Every file that drives Chromium is left out likewise (found by what it calls, as .ci/run finds them).
  const drivesChromium = (text: string) => text.includes('launchChromium');
  return all.filter((f) => {
    const text = readFileSync(join(dir, f), 'utf8');
    return !heavy.has(f) && !drivesChromium(text) && /from '(\.\.\/)+engine\/registry\.ts'/.test(text);
  });
}

/** The one registry line as the guide writes it: its import after the registry's imports, its entry at the end of the list. */
function addToRegistry(dir: string, { imports, entries }: { imports: string[]; entries: string[] }) {
  expect(imports.length * entries.length, 'the guide gives the import and the list entry').toBe(1);
  const path = join(dir, 'engine/registry.ts');
  const text = readFileSync(path, 'utf8')
    .replace(/\n\/\*\* The tools as declared/, `${imports[0]}\n\n/** The tools as declared`)
    .replace(/\n\] as unknown as AnyTool\[\];/, `\n${entries[0]}\n] as unknown as AnyTool[];`);
  expect(text).toContain(`${entries[0]}\n]`);
  writeFileSync(path, text);
}

describe('adding a tool', () => {
  let dir = '';
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the guide names the three files and its sample is a tool of the family whose folder it is in', () => {
    const { tool, test } = guideFiles();
    expect(tool.path).toBe('engine/date/weekday.ts');
    expect(tool.text).toContain("family: 'date',");
    expect(test.path).toBe('test/engine/date/weekday.test.ts');
    expect(existsSync(join(ROOT, tool.path)), `${tool.path} is a new file`).toBe(false);
  });

  it("the guide's tool file, registry line and test file give the route, OpenAPI entry, status line, MCP tool and page", () => {
    const guide = guideFiles();
    dir = scratchCopy();
    writeFileSync(join(dir, guide.tool.path), guide.tool.text);
    addToRegistry(dir, guide.registry);
    writeFileSync(join(dir, guide.test.path), guide.test.text);
    writeFileSync(join(dir, 'test/new-tool-probe.test.ts'), PROBE);
    // The guide's one command after the files: the generated lists of README.md and docs/mcp.md.
    const blocks = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/doc-blocks.ts'], { cwd: dir, encoding: 'utf8' });
    expect(blocks.status, blocks.stderr).toBe(0);
    const files = [guide.test.path, 'test/new-tool-probe.test.ts', ...registryWideTests(dir)];
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
    delete env.FORCE_COLOR; // vitest sets it for its workers; the summary is read as plain text
    // Two workers, not vitest.config.ts's one more than the cores: this run shares the machine with the
    // main run's own workers (a 20-s test timed out once when both ran three on the 2-core CI machine).
    const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--maxWorkers=2', ...files], {
      cwd: dir,
      encoding: 'utf8',
      env,
      timeout: 1_750_000,
    });
    const output = `${run.stdout}\n${run.stderr}`;
    expect(run.status, output.slice(-6000)).toBe(0);
    expect(output).toMatch(new RegExp(`Test Files\\s+${files.length} passed \\(${files.length}\\)`));
    expect(output).toContain('weekday.test.ts');
  }, 1_800_000);
});
