import { webManifest } from '../lib/discovery.ts';
export const GET = () => Response.json(webManifest());
