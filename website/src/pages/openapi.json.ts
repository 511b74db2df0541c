import { siteOpenApi } from '../lib/discovery.ts';
export const GET = () => Response.json(siteOpenApi());
