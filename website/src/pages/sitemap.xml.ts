import { sitemapXml } from '../lib/discovery.ts';
export const GET = async () => new Response(await sitemapXml(), { headers: { 'Content-Type': 'application/xml' } });
