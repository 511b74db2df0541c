import { aiPlugin } from '../../lib/discovery.ts';
export const GET = () => Response.json(aiPlugin());
