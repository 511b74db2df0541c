/**
 * Which calculators read the engine's shipped data in a page: their worked examples computed over a page's
 * engine data with no pack installed (engine/browser/page-data.ts), as a calculator page starts; a tool
 * whose example reads a pack throws PageDataMissing there. The engine is started over the server's data
 * again afterwards. Found by computing, as the page finds what to fetch.
 */
import { PageDataMissing, pageEngineData } from '../../engine/browser/page-data.ts';
import { startNodeEngine } from '../../engine/data-node.ts';
import { startEngine } from '../../engine/start.ts';
import { type AnyTool, EXAMPLE_CLOCK } from '../../engine/tool.ts';
import { fixedClock } from '../helpers.ts';

/** The names of the tools among `tools` whose examples read data a page fetches. */
export async function toolsReadingData(tools: readonly AnyTool[]): Promise<Set<string>> {
  const out = new Set<string>();
  startEngine({ data: pageEngineData(), warmUp: false });
  try {
    for (const tool of tools) {
      for (const example of tool.examples) {
        try {
          await tool.run(tool.input.parse(example.input), fixedClock(EXAMPLE_CLOCK));
        } catch (error) {
          if (!(error instanceof PageDataMissing)) throw error;
          out.add(tool.name);
        }
      }
    }
  } finally {
    startNodeEngine(false);
  }
  return out;
}
