/**
 * The MCP lists of README.md and docs/mcp.md are the registry's (scripts/doc-blocks.ts): a stale block
 * fails here, naming the file and the block and showing what it should read; the script rewrites them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registry } from '../../engine/registry.ts';
import { TOOLSET_NAMES } from '../../engine/tool.ts';
import { PROMPT_TOOLS } from '../../mcp/discovery.ts';
import { BLOCKS, blockIn, FILES, rewritten } from '../../scripts/doc-blocks.ts';

const HOW = 'npx tsx scripts/doc-blocks.ts rewrites it';

describe('generated blocks of the docs', () => {
  it.each(Object.entries(FILES).flatMap(([file, names]) => names.map((name) => [file, name] as const)))('%s: the %s block is current', (file, name) => {
    const text = readFileSync(file, 'utf8');
    const written = blockIn(text, name);
    expect(written, `${file} has no <!-- ${name}:start --> … <!-- ${name}:end --> block`).toBeDefined();
    expect(written, `${file}, block ${name}, is stale (${HOW}); it should read:\n${BLOCKS[name]()}\n`).toBe(BLOCKS[name]());
  });

  it('the toolsets block lists every toolset that has tools, with its description and every one of its tools', () => {
    const block = BLOCKS.toolsets();
    const rows = block.split('\n').slice(2);
    const used = TOOLSET_NAMES.filter((t) => registry.some((tool) => tool.family === t));
    expect(rows.map((r) => /^\| `([a-z]+)` \|/.exec(r)?.[1])).toEqual(used);
    expect(used).toContain('planning');
    for (const tool of registry)
      expect(
        rows.find((r) => r.startsWith(`| \`${tool.family}\` |`)),
        tool.name,
      ).toContain(`\`${tool.name}\``);
  });

  it('the prompts block names every prompt with the tools it calls', () => {
    const rows = BLOCKS['mcp-prompts']().split('\n').slice(2);
    expect(rows).toEqual(Object.entries(PROMPT_TOOLS).map(([name, tools]) => `| \`${name}\` | ${tools.map((t) => `\`${t}\``).join(', ')} |`));
    expect(rows.find((r) => r.startsWith('| `plan-meeting-across-zones` |'))).toContain('`find_meeting_times`');
  });

  it('rewriting replaces only what is between the markers, and says which file lacks them', () => {
    const stale = 'before\n<!-- toolsets:start -->\n| old |\n<!-- toolsets:end -->\nafter <!-- provenance-ids:start -->x<!-- provenance-ids:end -->\n';
    const fresh = rewritten(stale, ['toolsets']);
    expect(fresh).toBe(
      `before\n<!-- toolsets:start -->\n${BLOCKS.toolsets()}\n<!-- toolsets:end -->\nafter <!-- provenance-ids:start -->x<!-- provenance-ids:end -->\n`,
    );
    expect(rewritten(fresh, ['toolsets'])).toBe(fresh);
    expect(blockIn(stale, 'toolsets')).toBe('| old |');
    expect(() => rewritten('no markers', ['mcp-prompts'], 'docs/x.md')).toThrow('docs/x.md has no <!-- mcp-prompts:start --> … <!-- mcp-prompts:end --> block');
  });
});
