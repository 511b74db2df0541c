import { describe, expect, it } from 'vitest';
import { addName, closeMatches, foldName, lookUp, withinEdits, type NameIndex } from '../../../engine/holidays/name-index.ts';
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

describe('name index', () => {
  const index: NameIndex = new Map();
  addName(index, 'Georgia', 'GA', 0);
  addName(index, 'Georgia', 'GE', 0);
  addName(index, 'Canton of Geneva', 'GE', 0);
  addName(index, 'Canton of Geneva', 'GE', 1, 'geneva');
  addName(index, 'Geneva', 'GV', 0);
  addName(index, 'Uri', 'UR', 1);

  it('a name of two codes in one rank gives both; a first-rank name wins over a second-rank one', () => {
    expect(lookUp(index, 'georgia').map((e) => e.code)).toEqual(['GA', 'GE']);
    expect(lookUp(index, 'geneva')).toEqual([{ code: 'GV', name: 'Geneva', rank: 0 }]);
    expect(lookUp(index, 'uri')).toEqual([{ code: 'UR', name: 'Uri', rank: 1 }]);
    expect(lookUp(index, 'nowhere')).toEqual([]);
  });

  it('close matches: one edit off (two from eight letters), or names begun, each code once', () => {
    const named = (code: string) => `name of ${code}`;
    expect(closeMatches(index, 'georgie', named)).toEqual([
      { code: 'GA', name: 'name of GA' },
      { code: 'GE', name: 'name of GE' },
    ]);
    expect(closeMatches(index, 'canton', named)).toEqual([{ code: 'GE', name: 'name of GE' }]);
    // Under three letters nothing is suggested; a code the caller does not name is left out.
    expect(closeMatches(index, 'ge', named)).toEqual([]);
    expect(closeMatches(index, 'genev', (code) => (code === 'GV' ? 'Geneva' : undefined))).toEqual([{ code: 'GV', name: 'Geneva' }]);
  });
});
