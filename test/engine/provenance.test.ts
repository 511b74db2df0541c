/**
 * Provenance: every answer names catalogued ids only (compact: data releases and method ids; full: the
 * same plus each id explained), shared forms are frozen, and the README's table lists the catalogue.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createOpenMeteoElevation } from '../../engine/geo/open-meteo-elevation.ts';
import { registry } from '../../engine/registry.ts';
import { catalogueEntry, familyOf, fixedProvenance, METHOD_FAMILIES, provenanceCatalogue, TZDB } from '../../engine/provenance-catalogue.ts';
import { EXAMPLE_CLOCK, type ToolContext } from '../../engine/tool.ts';
import { startElevationServer } from '../../scripts/elevation-stand-in.ts';
import { fixedClock } from '../helpers.ts';

const elevation = await startElevationServer();
afterAll(() => elevation.close());
const ctx: ToolContext = { ...fixedClock(EXAMPLE_CLOCK), elevation: createOpenMeteoElevation(elevation.url) };
const catalogue = new Map(provenanceCatalogue().map((e) => [e.id, e]));

type Provenance = Record<string, unknown> & { method: string; explanations?: Record<string, string> };
const examples = registry.flatMap((t) => t.examples.map((e, i) => [`${t.name} #${i + 1}`, t, e] as const));
const provenanceOf = async (tool: (typeof registry)[number], input: unknown, mode: 'compact' | 'full') =>
  ((await tool.run(tool.input.parse(input), { ...ctx, provenance: mode })) as { provenance: Provenance }).provenance;

/** The README block between the markers, and the block the catalogue gives. */
const README_START = '<!-- provenance-ids:start -->';
const README_END = '<!-- provenance-ids:end -->';
const readmeBlock = () => {
  const readme = readFileSync('README.md', 'utf8');
  return readme.slice(readme.indexOf(README_START) + README_START.length, readme.indexOf(README_END)).trim();
};
/** Each data id and undotted detail by itself, then each family of method and detail ids in use. */
const catalogueBlock = () => {
  const entries = provenanceCatalogue();
  const families = [...new Set(entries.map((e) => familyOf(e.id)).filter((f) => f !== undefined))].sort();
  return [
    '| id | kind | what it names |',
    '|---|---|---|',
    ...entries.filter((e) => familyOf(e.id) === undefined).map((e) => `| \`${e.id}\` | ${e.kind} | ${e.summary} |`),
    ...families.map((f) => `| \`${f}.*\` | methods | ${METHOD_FAMILIES[f]} |`),
  ].join('\n');
};

describe('provenance', () => {
  it.each(examples)('example %s: compact names catalogued data and methods; full adds their explanations', async (_name, tool, example) => {
    const compact = await provenanceOf(tool, example.input, 'compact');
    const full = await provenanceOf(tool, example.input, 'full');
    const { method, ...data } = compact;
    const methods = method.split(', ');
    for (const id of Object.keys(data)) expect(catalogue.get(id)?.kind, `${id}: a catalogued data id`).toBe('data');
    for (const id of methods) expect(catalogue.get(id)?.kind, `${id}: a catalogued method id`).toBe('method');
    const { explanations, ...rest } = full;
    expect(rest, 'the full form starts with the compact one').toEqual(compact);
    expect(Object.keys(explanations ?? {})).toEqual(expect.arrayContaining([...Object.keys(data), ...methods]));
    for (const [id, text] of Object.entries(explanations ?? {})) {
      expect(catalogue.has(id), `${id}: catalogued`).toBe(true);
      expect(text.length, id).toBeGreaterThan(10);
    }
    expect(Object.keys(full), 'method first, explanations last').toEqual(['method', ...Object.keys(data), 'explanations']);
  });

  it('every catalogued id is used by some example (none is stale)', async () => {
    const used = new Set<string>();
    for (const [, tool, example] of examples) for (const id of Object.keys((await provenanceOf(tool, example.input, 'full')).explanations ?? {})) used.add(id);
    expect([...catalogue.keys()].filter((id) => !used.has(id))).toEqual([]);
  });

  it('the catalogue: one line to name each id, a longer text to explain it', () => {
    for (const entry of catalogue.values()) {
      expect(entry.summary.length, entry.id).toBeGreaterThan(10);
      expect(entry.summary.length, entry.id).toBeLessThanOrEqual(110);
      expect(entry.text.length, entry.id).toBeGreaterThan(entry.kind === 'data' ? 20 : 30);
      if (entry.kind === 'data' && entry.value) expect(entry.text, `${entry.id}: its text names its release`).toContain(entry.value.split(' (')[0]);
    }
    expect(TZDB.text).toMatch(/^IANA tzdb 2026f as built by moment-timezone/);
  });

  it('an id declared again with other words is refused; the same words again are not', () => {
    expect(() => catalogueEntry({ ...TZDB, text: 'another meaning' })).toThrow(/declared twice: tzdb/);
    expect(catalogueEntry({ ...TZDB })).toEqual(TZDB);
    expect(() => catalogueEntry({ id: 'Bad Id', kind: 'method', summary: 'x', text: 'y' })).toThrow(/snake_case/);
  });

  it('input-independent forms are built once and frozen all through, so their JSON is written once', () => {
    const provenance = fixedProvenance({ data: [TZDB], methods: [catalogue.get('time.zone-by-name')!] });
    expect(provenance()).toBe(provenance({ provenance: 'compact' }));
    expect(provenance({ provenance: 'full' })).toBe(provenance({ provenance: 'full' }));
    expect(Object.isFrozen(provenance())).toBe(true);
    expect(Object.isFrozen(provenance({ provenance: 'full' }).explanations)).toBe(true);
    expect(provenance()).toEqual({ method: 'time.zone-by-name', tzdb: '2026f' });
  });

  it("the README's provenance table lists every data id and every family of method ids", () => {
    expect(readmeBlock(), `README.md, between ${README_START} and ${README_END}, should read:\n${catalogueBlock()}\n`).toBe(catalogueBlock());
  });
});
