/**
 * The MCP lists of README.md and docs/mcp.md, written from the registry between `<!-- name:start -->`
 * and `<!-- name:end -->` markers: `toolsets` (each toolset's name, description and tools) and
 * `mcp-prompts` (each prompt and the tools it calls). test/scripts/doc-blocks.test.ts fails when a block
 * is stale, naming the file and the block; `npx tsx scripts/doc-blocks.ts` rewrites them. (The README's
 * `provenance-ids` block is test/engine/provenance.test.ts's.)
 */
import { startNodeEngine } from '../engine/index.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registry } from '../engine/index.ts';
import { TOOLSET_NAMES } from '../engine/index.ts';
import { PROMPT_TOOLS } from '../mcp/discovery.ts';
import { toolsetCatalogue } from '../service/toolsets.ts';

startNodeEngine(false); // the engine over node_modules' data (engine/start.ts)

const code = (name: string) => `\`${name}\``;

/** Every toolset that has tools, in the order clients name them. */
function toolsetsBlock(): string {
  return [
    '| toolset | what it holds | tools |',
    '|---|---|---|',
    ...toolsetCatalogue(registry, TOOLSET_NAMES).map((t) => `| ${code(t.name)} | ${t.description} | ${t.tools.map(code).join(', ')} |`),
  ].join('\n');
}

/** Every prompt and the tools its text tells the agent to call (mcp/discovery.ts PROMPT_TOOLS). */
function promptsBlock(): string {
  return ['| prompt | calls |', '|---|---|', ...Object.entries(PROMPT_TOOLS).map(([name, tools]) => `| ${code(name)} | ${tools.map(code).join(', ')} |`)].join(
    '\n',
  );
}

/** The blocks this script writes, by marker name. */
export const BLOCKS: Record<string, () => string> = { toolsets: toolsetsBlock, 'mcp-prompts': promptsBlock };

/** The files that carry them, and which blocks each must have. */
export const FILES: Record<string, readonly string[]> = {
  'README.md': ['toolsets'],
  'docs/mcp.md': ['toolsets', 'mcp-prompts'],
};

const markers = (name: string) => [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`] as const;

/** The text between a block's markers (trimmed), or undefined when the text lacks them. */
export function blockIn(text: string, name: string): string | undefined {
  const [start, end] = markers(name);
  const from = text.indexOf(start);
  const to = text.indexOf(end, from);
  return from < 0 || to < 0 ? undefined : text.slice(from + start.length, to).trim();
}

/** The text with each of `names`' blocks written afresh; one without its markers is an error naming it. */
export function rewritten(text: string, names: readonly string[], file = 'the text'): string {
  let out = text;
  for (const name of names) {
    const [start, end] = markers(name);
    const from = out.indexOf(start);
    const to = out.indexOf(end, from);
    if (from < 0 || to < 0) throw new Error(`${file} has no ${start} … ${end} block: add the two markers where the list goes`);
    out = `${out.slice(0, from + start.length)}\n${BLOCKS[name]()}\n${out.slice(to)}`;
  }
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const [file, names] of Object.entries(FILES)) {
    const text = readFileSync(file, 'utf8');
    const next = rewritten(text, names, file);
    if (next === text) console.log(`${file}: current`);
    else {
      writeFileSync(file, next);
      console.log(`${file}: rewrote ${names.join(', ')}`);
    }
  }
}
