import { robotsTxt } from '../lib/discovery.ts';
export const GET = () => new Response(robotsTxt(), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
