/**
 * Which calculators read the engine's shipped data in a page: their worked examples computed over a page's
 * engine data with no pack installed (engine/browser/page-data.ts), as a calculator page starts; a tool
 * whose example reads a pack throws PageDataMissing there (or, for a place without a zone, finds no
 * boundary lookup). The engine is started over the server's data
 * again afterwards. Found by computing, as the page finds what to fetch.
 */
import { pageEngineData } from '../../engine/browser/page-data.ts';
import { startNodeEngine } from '../../engine/data-node.ts';
import { startEngine } from '../../engine/start.ts';
import { type AnyTool, EXAMPLE_CLOCK } from '../../engine/tool.ts';
import { fixedClock } from '../helpers.ts';

/** The names of the tools among `tools` whose examples (or `more` inputs, by tool name) read data a page fetches. */
export async function toolsReadingData(tools: readonly AnyTool[], more: Record<string, Record<string, unknown>[]> = {}): Promise<Set<string>> {
  const out = new Set<string>();
  startEngine({ data: pageEngineData(), warmUp: false });
  try {
    for (const tool of tools) {
      for (const input of [...tool.examples.map((e) => e.input), ...(more[tool.name] ?? [])]) {
        try {
          const checked = tool.input.safeParse(input); // an input the schema refuses reads nothing more
          if (checked.success) await tool.run(checked.data, fixedClock(EXAMPLE_CLOCK));
        } catch {
          // PageDataMissing, or the boundary lookup a page has none of (every example answers over the server's data).
          out.add(tool.name);
        }
      }
    }
  } finally {
    startNodeEngine(false);
  }
  return out;
}
