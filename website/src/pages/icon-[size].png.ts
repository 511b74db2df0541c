import { iconPng } from '../lib/png.ts';
export const getStaticPaths = () => [{ params: { size: '192' } }, { params: { size: '512' } }];
export const GET = ({ params }: { params: { size: string } }) =>
  new Response(new Uint8Array(iconPng(Number(params.size))), { headers: { 'Content-Type': 'image/png' } });
