import { sitemapXml } from '../lib/discovery.ts';
export const GET = () => new Response(sitemapXml(), { headers: { 'Content-Type': 'application/xml' } });
