/**
 * Toolsets as a client names them (`--toolsets time,date`, `MCP_TOOLSETS`, `POST /mcp?toolsets=`): one
 * reader for all three, and the catalogue a model reads to learn what else it could turn on. A toolset
 * is a family (engine/tool.ts), by its name.
 */
import { clipEcho } from '../engine/index.ts';
import { FAMILIES, TOOLSET_NAMES, type AnyTool, type Toolset } from '../engine/index.ts';

/** Longer than every toolset name listed once: a longer list is refused before it is split. */
const MAX_LENGTH = 200;

export type ToolsetsRead = { ok: true; toolsets: Toolset[] } | { ok: false; message: string };

const known = `${TOOLSET_NAMES.join(', ')} or all`;

/** Reads a comma-separated list of toolset names (any letter case; `all` is every toolset). */
export function readToolsets(text: string): ToolsetsRead {
  if (text.length > MAX_LENGTH) return { ok: false, message: `must be at most ${MAX_LENGTH} characters: a comma-separated list of ${known}` };
  const names = text
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (names.length === 0) return { ok: false, message: `must name at least one toolset: ${known}` };
  if (names.includes('all')) return { ok: true, toolsets: [...TOOLSET_NAMES] };
  const unknown = names.find((n) => !Object.hasOwn(FAMILIES, n));
  if (unknown !== undefined) return { ok: false, message: `has no toolset named "${clipEcho(unknown, 40)}": use ${known}` };
  return { ok: true, toolsets: TOOLSET_NAMES.filter((n) => names.includes(n)) };
}

/** The tools of the given toolsets, in registry order. */
export const toolsIn = (tools: readonly AnyTool[], toolsets: readonly Toolset[]): AnyTool[] => tools.filter((t) => toolsets.includes(t.family));

export interface ToolsetEntry {
  name: Toolset;
  description: string;
  enabled: boolean;
  tools: string[];
}

/** Every toolset that has tools, with its tools and whether this connection has it on. */
export function toolsetCatalogue(tools: readonly AnyTool[], enabled: readonly Toolset[]): ToolsetEntry[] {
  return TOOLSET_NAMES.map((name) => ({
    name,
    description: FAMILIES[name].description,
    enabled: enabled.includes(name),
    tools: tools.filter((t) => t.family === name).map((t) => t.name),
  })).filter((entry) => entry.tools.length > 0);
}
