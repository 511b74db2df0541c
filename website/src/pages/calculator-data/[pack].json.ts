// The data calculator pages fetch to compute in the browser (engine/browser/calculator-data.ts).
import { countryHolidays, DATA_PACKS, holidayCountries } from '../../../../engine/index.ts';

export function getStaticPaths() {
  return [...Object.keys(DATA_PACKS), ...holidayCountries().map((code) => `holidays-${code}`)].map((pack) => ({ params: { pack } }));
}

export const GET = ({ params }: { params: { pack: string } }) => {
  const { pack } = params;
  const body = pack.startsWith('holidays-') ? countryHolidays(pack.slice('holidays-'.length)) : DATA_PACKS[pack]();
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
};
