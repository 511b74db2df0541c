// The places pack (website/src/lib/places-pack.ts builds it, places-pack-format.ts reads it): the manifest,
// the name shards and summaries, and the tiles of places by position, fetched by pages on first need.
import { placesPack } from '../../lib/places-pack.ts';

export async function getStaticPaths() {
  const { files } = await placesPack();
  return ['manifest', ...files.keys()].map((file) => ({ params: { file } }));
}

export const GET = async ({ params }: { params: { file: string } }) => {
  const { manifest, files } = await placesPack();
  const body = params.file === 'manifest' ? manifest : files.get(params.file);
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
};
