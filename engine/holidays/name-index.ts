/**
 * The name indexes of jurisdiction-names.ts: how a name is folded for comparison, the Map from a folded
 * name to what it names (in two ranks), and the close matches an unknown name gets in its 400.
 */

/** A country or subdivision a name may mean: its code and its English name. */
export interface Candidate {
  code: string;
  name: string;
}

const FOLD: Record<string, string> = { ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/**
 * A name as the indexes compare it: lower case, accents removed, a few letters folded (ß → ss, æ → ae, ø → o,
 * …), apostrophes dropped (Côte d’Ivoire, Cote d'Ivoire, Cote dIvoire), `&` read as `and`, other punctuation
 * and spaces made one space, the word `st` read as `saint` and a leading `the` dropped.
 */
export function foldName(text: string): string {
  const s = text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßæøœłđðþı]/g, (c) => FOLD[c])
    .replace(/['’ʻʼ`´]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[\p{P}\p{S}\p{Z}\s]+/gu, ' ')
    .trim();
  const words = s.split(' ').map((w) => (w === 'st' ? 'saint' : w));
  return (words.length > 1 && words[0] === 'the' ? words.slice(1) : words).join(' ');
}

export interface Entry {
  code: string;
  /** The name as the data spells it. */
  name: string;
  rank: 0 | 1;
}
export type NameIndex = Map<string, Entry[]>;

export function addName(index: NameIndex, name: string, code: string, rank: 0 | 1, folded = foldName(name)): void {
  if (!folded) return;
  const entries = index.get(folded);
  if (!entries) index.set(folded, [{ code, name, rank }]);
  else if (!entries.some((e) => e.code === code && e.rank <= rank)) entries.push({ code, name, rank });
}

/** The codes a folded name stands for: those of its best rank, each with the name it matched. */
export function lookUp(index: NameIndex, folded: string): Entry[] {
  const entries = index.get(folded) ?? [];
  const best = Math.min(...entries.map((e) => e.rank));
  return entries.filter((e) => e.rank === best);
}

// ----- close matches ----------------------------------------------------------------------------

/** Suggestions listed at most. */
const MAX_SUGGESTIONS = 5;

/** Whether two strings are at most `k` edits apart (insert, delete, substitute): a band of the DP table, O(length × k). */
export function withinEdits(a: string, b: string, k: number): boolean {
  if (Math.abs(a.length - b.length) > k) return false;
  const far = k + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => (j <= k ? j : far));
  for (let i = 1; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1).fill(far);
    if (i <= k) row[0] = i;
    let best = row[0];
    for (let j = Math.max(1, i - k); j <= Math.min(b.length, i + k); j++) {
      row[j] = Math.min(far, prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (row[j] < best) best = row[j];
    }
    if (best > k) return false;
    prev = row;
  }
  return prev[b.length] <= k;
}

/**
 * Names close to an unknown one, for its 400: those one or two edits away (one for names under eight
 * letters), then those it begins (three letters or more), each code once, at most five. Bounded: the
 * index's few hundred names, each compared in O(length).
 */
export function closeMatches(index: NameIndex, folded: string, nameOf: (code: string) => string | undefined): Candidate[] {
  if (folded.length < 3) return [];
  const k = folded.length < 8 ? 1 : 2;
  const near: string[] = [];
  const starting: string[] = [];
  for (const key of index.keys()) {
    if (folded.length >= 4 && withinEdits(folded, key, k)) near.push(key);
    else if (key.startsWith(folded)) starting.push(key);
  }
  const out: Candidate[] = [];
  for (const key of [...near.sort(), ...starting.sort()]) {
    for (const e of lookUp(index, key)) {
      const name = nameOf(e.code);
      if (name !== undefined && !out.some((c) => c.code === e.code)) out.push({ code: e.code, name });
    }
    if (out.length >= MAX_SUGGESTIONS) break;
  }
  return out.slice(0, MAX_SUGGESTIONS);
}
