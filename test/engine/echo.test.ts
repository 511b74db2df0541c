/** Client input quoted in an error text: at most 200 characters of it, and how long it was. */
import { describe, expect, it } from 'vitest';
import { clipEcho, MAX_ECHO, quoteEcho } from '../../engine/echo.ts';
import { describeErrors, MAX_FIELD, MAX_LISTED_ERRORS } from '../../engine/validate.ts';

describe('clipEcho and quoteEcho', () => {
  it('leave input of up to 200 characters as it is', () => {
    const at = 'a'.repeat(MAX_ECHO);
    expect(MAX_ECHO).toBe(200);
    expect(clipEcho(at)).toBe(at);
    expect(quoteEcho(at)).toBe(`'${at}'`);
    expect(clipEcho('')).toBe('');
  });

  it('cut longer input to its first 200 characters, an ellipsis and its length', () => {
    const type = `text/${'x'.repeat(15_000)}`;
    expect(clipEcho(type)).toBe(`${type.slice(0, 200)}… (15005 characters)`);
    expect(quoteEcho(type)).toBe(`'${type.slice(0, 200)}…' (15005 characters)`);
    expect(quoteEcho('Europe/Parisx'.repeat(10), 40)).toBe(`'${'Europe/Parisx'.repeat(10).slice(0, 40)}…' (130 characters)`);
    expect(clipEcho('y'.repeat(81), 80, false)).toBe(`${'y'.repeat(80)}…`);
  });

  it('never end inside a surrogate pair (no lone half of an emoji in the answer)', () => {
    const text = `${'a'.repeat(199)}😀${'b'.repeat(50)}`;
    expect(clipEcho(text)).toBe(`${'a'.repeat(199)}… (251 characters)`);
    // No lone surrogate: encoding and decoding as UTF-8 gives the text back.
    expect(Buffer.from(clipEcho(text), 'utf8').toString('utf8')).toBe(clipEcho(text));
  });
});

describe('describeErrors (the HTTP 400 detail and the MCP tool error)', () => {
  it('lists ten errors, clips names and messages, and counts the rest', () => {
    const errors = Array.from({ length: 25 }, (_, i) => ({ field: `${'k'.repeat(1_000)}${i}`, message: 'is not a known parameter of this operation' }));
    const { listed, text } = describeErrors(errors);
    expect(listed).toHaveLength(MAX_LISTED_ERRORS);
    expect(listed.every((e) => e.field.length === MAX_FIELD + 1)).toBe(true);
    expect(text).toMatch(/^Invalid parameters: k{80}… is not a known parameter of this operation; /);
    expect(text).toMatch(/; and 15 more$/);
    expect(text.length).toBeLessThan(1_500);
  });
});
