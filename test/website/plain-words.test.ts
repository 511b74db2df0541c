/**
 * Issue 32 (point 6): no tool, field or enum names in what a person reads. The built pages' visible text,
 * outside the developer material (the collapsed `<details>`: formula, inputs of the tool, worked example
 * JSON, API and MCP; the /developers/ pages; the permalink, an address) and code, holds no snake_case word (tool names such as list_holiday_countries, enum
 * values such as waning_gibbous), no month code (M01) and no "ISO 3166".
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../engine/registry.ts';
import { buildSite } from './build-site.ts';

let dist = '';
beforeAll(async () => {
  dist = await buildSite();
}, 360_000);

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? htmlFiles(p) : e.name.endsWith('.html') ? [p] : [];
  });
}

/** The text a person reads on a page: no scripts, styles, collapsed sections, code or attributes. */
function visibleText(html: string): string {
  let text = html;
  // The permalink is an address (its query names are the API's).
  text = text.replace(/<a\b[^>]*data-permalink[^>]*>[\s\S]*?<\/a>/gi, ' ');
  for (const tag of ['script', 'style', 'template', 'pre', 'code', 'datalist']) {
    text = text.replace(new RegExp(`<${tag}\\b[\\s\\S]*?</${tag}>`, 'gi'), ' ');
  }
  // Collapsed sections, innermost first (a section may hold another).
  for (let before = ''; before !== text; ) {
    before = text;
    text = text.replace(/<details\b(?:(?!<details\b)[\s\S])*?<\/details>/gi, ' ');
  }
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, ' ')
    .replace(/\s+/g, ' ');
}

const MACHINE_WORDS: [string, RegExp][] = [
  [
    'a tool name',
    new RegExp(
      `\\b(${registry
        .filter((t) => t.name.includes('_'))
        .map((t) => t.name)
        .join('|')})\\b`,
      'g',
    ),
  ],
  ['a snake_case word', /\b[a-z]+(?:_[a-z0-9]+)+\b/g],
  ['a month code', /\bM\d\dL?\b/g],
  ['ISO 3166', /ISO 3166/g],
];

describe('plain words on the built pages', () => {
  it('finds machine words in visible text, and none in a collapsed section or code', () => {
    const text = visibleText(
      '<p>The Moon is waning_gibbous in M01</p><details><summary>API</summary><p>list_holiday_countries</p></details><code>sun_events</code>',
    );
    expect(text.match(MACHINE_WORDS[1][1])).toEqual(['waning_gibbous']);
    expect(text.match(MACHINE_WORDS[2][1])).toEqual(['M01']);
  });

  it('no page shows a tool name, an enum value, a month code or ISO 3166 outside the developer material', () => {
    const found: string[] = [];
    // The developers' pages (API reference, MCP) are developer material throughout.
    for (const file of htmlFiles(dist).filter((f) => !relative(dist, f).startsWith('developers/'))) {
      const text = visibleText(readFileSync(file, 'utf8'));
      for (const [what, pattern] of MACHINE_WORDS) {
        for (const m of text.matchAll(pattern)) {
          found.push(`${relative(dist, file)}: ${what} "${m[0]}" in "…${text.slice(Math.max(0, m.index - 40), m.index + m[0].length + 40)}…"`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
