import { llmsTxt } from '../lib/discovery.ts';
export const GET = () => new Response(llmsTxt(), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
