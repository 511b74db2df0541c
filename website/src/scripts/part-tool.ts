/// <reference lib="dom" />
/**
 * A page's own part asking the engine a question of its own (the month of moonrise, the eclipses seen
 * worldwide): the tool's module as the page loads it (virtual:browser-tools), its input validated as the
 * API would, run over the page's engine data (each pack fetched as the run turns out to read it).
 */
import { validateInput } from '../../../engine/browser/index.ts';
import { loadToolDeclaration, withPageData } from './browser-run.ts';

/** The tool's answer for `input`; throws with the tool's own words when the input is refused. */
export async function runPageTool(name: string, input: Record<string, unknown>): Promise<Record<string, unknown>> {
  const tool = await loadToolDeclaration(name);
  if (!tool) throw new Error(`${name} is not computed in this page`);
  // Validation reads data too (a zone name is read with the tzdb release): inside withPageData as well.
  return withPageData(async () => {
    const checked = validateInput(tool.input, input);
    if (!checked.ok) throw new Error(checked.errors.map((e) => `${e.field} ${e.message}`).join('; '));
    return tool.output.parse(await tool.run(checked.data, { now: () => new Date() })) as Record<string, unknown>;
  });
}
