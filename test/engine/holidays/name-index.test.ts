import { describe, expect, it } from 'vitest';
import { foldName, withinEdits } from '../../../engine/holidays/name-index.ts';
import { prng } from '../../helpers.ts';

describe('foldName', () => {
  it('folds letter case, accents, apostrophes, punctuation, "&", "St." and a leading "the"', () => {
    expect(foldName('  MÜNCHEN ')).toBe('munchen');
    expect(foldName('Côte d’Ivoire')).toBe(foldName("cote d'ivoire"));
    expect(foldName('Bosnia & Herzegovina')).toBe('bosnia and herzegovina');
    expect(foldName('St. Barthélemy')).toBe('saint barthelemy');
    expect(foldName('The Gambia')).toBe('gambia');
    expect(foldName('Baden-Württemberg')).toBe('baden wurttemberg');
    expect(foldName('Straße')).toBe('strasse');
  });
});

describe('withinEdits', () => {
  /** Plain Levenshtein distance, the whole table. */
  const distance = (a: string, b: string) => {
    let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const row = [i];
      for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = row;
    }
    return prev[b.length];
  };

  it('agrees with the full Levenshtein distance on random short strings, for k = 0..3', () => {
    const rand = prng(29);
    const word = () => Array.from({ length: Math.floor(rand() * 7) }, () => 'abc'[Math.floor(rand() * 3)]).join('');
    for (let n = 0; n < 2000; n++) {
      const [a, b] = [word(), word()];
      for (let k = 0; k <= 3; k++) expect(withinEdits(a, b, k), `${a} ${b} ${k}`).toBe(distance(a, b) <= k);
    }
  });
});
