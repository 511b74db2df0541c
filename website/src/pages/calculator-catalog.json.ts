import { calculatorCatalog } from '../lib/discovery.ts';
export const GET = async () => Response.json(await calculatorCatalog());
