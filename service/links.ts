/** Where a person reads about a tool on the website: its calculator page, or its entry on the API page. */
import type { AnyTool } from '../engine/index.ts';

export const calculatorPath = (slug: string) => `/calculators/${slug}/`;

/** The site path of the page that shows this tool to a person. */
export const toolPagePath = (tool: AnyTool): string => (tool.calculator ? calculatorPath(tool.calculator.slug) : `/developers/api/#${tool.name}`);
