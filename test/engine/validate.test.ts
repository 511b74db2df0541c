import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { probeTool } from '../helpers.ts';
import { fieldPath, formatIssues, validateInput } from '../../engine/validate.ts';

const tool = probeTool;

describe('fieldPath', () => {
  it('writes JSON paths the way clients read them', () => {
    expect(fieldPath(['points', 3, 'lat'])).toBe('points[3].lat');
    expect(fieldPath(['pairs', 7, 'to', 'lat'])).toBe('pairs[7].to.lat');
    expect(fieldPath([])).toBe('');
  });
});

describe('formatIssues', () => {
  it('turns every kind of zod issue into a sentence that names the field', () => {
    const r = validateInput(tool.input, { lat: 100, kind: 'c', days: [1.5], extra: 1 });
    expect(r).toEqual({
      ok: false,
      errors: expect.arrayContaining([
        { field: 'lat', message: 'must be ≤ 90' },
        { field: 'kind', message: 'must be one of: a, b' },
        { field: 'days[0]', message: 'must be a whole number' },
        { field: 'extra', message: 'is not a known parameter of this operation' },
      ]),
    });
    const arr = z.strictObject({ xs: z.array(z.number()).min(1).max(2) });
    expect(formatIssues(arr.safeParse({ xs: [] }).error!.issues)).toEqual([{ field: 'xs', message: 'must have at least 1 item' }]);
    expect(formatIssues(arr.safeParse({ xs: [1, 2, 3] }).error!.issues)).toEqual([{ field: 'xs', message: 'must have at most 2 items' }]);
    expect(formatIssues(arr.safeParse({}).error!.issues)).toEqual([{ field: 'xs', message: 'is required' }]);
    expect(formatIssues(arr.safeParse([]).error!.issues)).toEqual([{ field: 'body', message: 'must be a JSON object' }]);
  });
});
