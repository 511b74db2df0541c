import { describe, expect, it } from 'vitest';
import { validateInput } from '../../engine/validate.ts';
import { coerce, MAX_NUMBER_LENGTH, numericText, queryReader } from '../../service/query.ts';
import { prng, probeTool } from '../helpers.ts';

const tool = probeTool;

describe('queryReader', () => {
  const read = queryReader(tool);
  it('reads numbers, booleans and lists as the schema asks', () => {
    const { input } = read(new URLSearchParams('lat=12.5&flag=true&days=1,2&days=3&name=42'));
    expect(input).toEqual({ lat: 12.5, flag: true, days: [1, 2, 3], name: '42' });
  });
  it('leaves what does not parse as text, so the schema names it', () => {
    expect(validateInput(tool.input, read(new URLSearchParams('lat=12,5')).input)).toEqual({
      ok: false,
      errors: [{ field: 'lat', message: 'must be a number' }],
    });
    expect(validateInput(tool.input, read(new URLSearchParams('lat=1&flag=yes')).input)).toEqual({
      ok: false,
      errors: [{ field: 'flag', message: 'must be a boolean' }],
    });
    expect(validateInput(tool.input, read(new URLSearchParams('lat=Infinity')).input)).toEqual({
      ok: false,
      errors: [{ field: 'lat', message: 'must be a number' }],
    });
  });
  it('a scalar given twice is an error', () => {
    expect(read(new URLSearchParams('lat=1&lat=2')).errors).toEqual([{ field: 'lat', message: 'is given more than once' }]);
  });
});

describe('coerce', () => {
  it('reads a number exactly when the value is a decimal (sign, digits, one point, exponent, spaces around)', () => {
    // Random strings over the characters that matter: plain decimals take a path without a regex.
    const decimal = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;
    const rnd = prng(99);
    const alphabet = '-+.0123456789eE x_';
    let numbers = 0;
    for (let k = 0; k < 50_000; k++) {
      const v = Array.from({ length: Math.floor(rnd() * 7) }, () => alphabet[Math.floor(rnd() * (k % 2 ? 13 : alphabet.length))]).join('');
      const read = coerce(v, 'number');
      expect(read, JSON.stringify(v)).toEqual(decimal.test(v) ? Number(v) : v);
      if (typeof read === 'number') numbers++;
    }
    expect(numbers).toBeGreaterThan(10_000);
    expect(['', '-', '.', '-.', '1.2.3', '0x1F', 'Infinity', ' '].map((v) => coerce(v, 'number'))).toEqual([
      '',
      '-',
      '.',
      '-.',
      '1.2.3',
      '0x1F',
      'Infinity',
      ' ',
    ]);
    expect(['51.5', '-0.1275', '.5', '5.', '-0', '007'].map((v) => coerce(v, 'number'))).toEqual([51.5, -0.1275, 0.5, 5, -0, 7]);
  });

  it('reads in one pass and refuses numbers longer than 64 characters (a backtracking regex took 1 s on 15,000 digits)', () => {
    // 200,000 digits and a letter: quadratic backtracking would take minutes here; one pass takes nothing.
    const hostile = '1'.repeat(200_000) + 'x';
    expect(coerce(hostile, 'number')).toBe(hostile);
    expect(coerce(' 1e5 ', 'number')).toBe(100000);
    expect(coerce('1'.repeat(MAX_NUMBER_LENGTH), 'number')).toBe(Number('1'.repeat(MAX_NUMBER_LENGTH)));
    expect(coerce('1'.repeat(MAX_NUMBER_LENGTH + 1), 'number')).toBe('1'.repeat(MAX_NUMBER_LENGTH + 1));
    expect(numericText('1'.repeat(200_000))).toBe(false);
  });
});

describe('queryReader edge cases', () => {
  const read = queryReader(tool);
  it('a parameter named __proto__ is an unknown parameter, not a prototype', () => {
    const { input } = read(new URLSearchParams('lat=1&__proto__=x'));
    expect(validateInput(tool.input, input)).toEqual({ ok: false, errors: [{ field: '__proto__', message: 'is not a known parameter of this operation' }] });
  });
  it('a scalar given three times is reported once', () => {
    expect(read(new URLSearchParams('lat=1&lat=2&lat=3')).errors).toEqual([{ field: 'lat', message: 'is given more than once' }]);
  });
});

describe('queryReader on the raw search string', () => {
  const read = queryReader(tool);
  it('reads exactly what it reads through URLSearchParams, for thousands of random query strings', () => {
    const rand = prng(7);
    const parts = [
      'lat',
      'flag',
      'days',
      'name',
      'kind',
      '__proto__',
      'constructor',
      'x',
      '=',
      '&',
      '&&',
      '?',
      '1',
      '-2.5',
      ',',
      'true',
      '%20',
      '%zz',
      '+',
      'é',
      '%C3%A9',
      '',
      ' ',
    ];
    for (let i = 0; i < 5000; i++) {
      let q = rand() < 0.5 ? '?' : '';
      const n = Math.floor(rand() * 12);
      for (let k = 0; k < n; k++) q += parts[Math.floor(rand() * parts.length)];
      const raw = read(q);
      const viaParams = read(new URLSearchParams(q));
      expect(raw.errors, q).toEqual(viaParams.errors);
      expect(Object.entries(raw.input), q).toEqual(Object.entries(viaParams.input));
      expect(Object.getPrototypeOf(raw.input), q).toBe(Object.prototype);
    }
  });
  it('a __proto__ parameter is an own, unknown parameter; the object keeps its prototype', () => {
    const { input } = read('?lat=1&__proto__=x');
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
    expect(validateInput(tool.input, input)).toEqual({ ok: false, errors: [{ field: '__proto__', message: 'is not a known parameter of this operation' }] });
    const list = read('?days=1&__proto__=2,3');
    expect((list.input as { days: unknown }).days).toEqual([1]);
    expect(Object.getPrototypeOf(list.input)).toBe(Object.prototype);
  });
});
