/**
 * Place names as the places index compares them (engine/places/place-names.ts): one normalized form, so
 * `München`, `Munchen` and `MÜNCHEN` find the same places.
 */

const FOLD: Record<string, string> = { ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/**
 * A name as the index compares it: lower case, accents removed (but Japanese voicing marks kept), a few
 * letters folded (ß → ss, æ → ae, ø → o, œ → oe, ł → l, đ and ð → d, þ → th, ı → i), punctuation and
 * runs of spaces made one space. `München`, `Munchen` and `MÜNCHEN` are all `munchen`.
 */
export function normalizeName(name: string): string {
  if (/^[a-z0-9 ]*$/.test(name)) return name.trim();
  let s = name.toLowerCase();
  if (!/^[\x20-\x7e]*$/.test(s)) {
    s = s
      .normalize('NFD')
      .replace(/\p{M}/gu, (m) => (m === '\u3099' || m === '\u309a' ? m : ''))
      .normalize('NFC')
      .replace(/[ßæøœłđðþı]/g, (c) => FOLD[c]);
  }
  return s.replace(/[\p{P}\p{S}\p{Z}\s]+/gu, ' ').trim();
}

/** Names whose normalization is part of the index file's key, so a changed normalizeName never reads an old index. */
export const NORMALIZATION_PROBES = [
  'München',
  'SÃO Paulo',
  'Straße',
  'Łódź',
  'Ærøskøbing',
  'İstanbul',
  'St.-Louis',
  'ガ',
  'Ñuñoa',
  "Hawai'i",
  'Đà Nẵng',
  'Þórshöfn',
];
