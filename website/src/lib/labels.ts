/**
 * How a calculator's inputs are shown to people, read from the registry: each tool declares a label, a
 * unit and a control for every input in `calculator.labels` (engine/form-labels.ts), and the `place`
 * inputs get theirs where engine/places/place-input.ts adds them. The API, the permalinks and the MCP tools keep
 * the input names; only the form's words come from there. A calculator input with no label fails
 * test/website/labels.test.ts.
 */
import { z } from 'zod';
import type { AnyTool, FormLabel } from '../../../engine/index.ts';

/** The label, unit and control a tool declares for an input (undefined when it declares none: a test fails then). */
export const labelOf = (tool: Pick<AnyTool, 'calculator'>, name: string): FormLabel | undefined =>
  tool.calculator && Object.hasOwn(tool.calculator.labels, name) ? tool.calculator.labels[name] : undefined;

/** The values an input's schema allows, when it names them (an enum, or a list of one): a select's options, a group of ticks. */
export function optionsOf(tool: AnyTool, name: string): string[] {
  const schema = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { enum?: unknown[]; anyOf?: { enum?: unknown[] }[]; items?: { enum?: unknown[] } }>;
  };
  const p = schema.properties?.[name];
  const values = p?.enum ?? p?.items?.enum ?? p?.anyOf?.flatMap((a) => a.enum ?? []) ?? [];
  return values.filter((v): v is string => typeof v === 'string');
}

/** The words of a tool's inputs as the answer's lead uses them (label and unit by input name); an input with no label keeps its name. */
export const inputWords = (
  tool: Pick<AnyTool, 'calculator'>,
  names: string[],
): Record<string, { label: string; unit?: string; options?: Readonly<Record<string, string>> }> =>
  Object.fromEntries(
    names.map((name) => {
      const l = labelOf(tool, name);
      return [name, { label: l?.label ?? name, ...(l?.unit ? { unit: l.unit } : {}), ...(l?.options ? { options: l.options } : {}) }];
    }),
  );
