// `_redirects` (a leading underscore would make Astro skip the file as a page, hence the parameter).
import { redirectsFile } from '../lib/discovery.ts';
export const getStaticPaths = () => [{ params: { redirects: '_redirects' } }];
export const GET = () => new Response(redirectsFile(), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
