/**
 * What a calculator's form opens on: the worked example's inputs, except where the example narrows an
 * input below what the form's help states as its default (issue 32: the eclipses' form held the example's
 * 1 where its help says "default 3"). The answer drawn at build time stays the worked example's; what the
 * form holds is what the page computes once the visitor's browser runs it.
 */
import type { Calculator } from './site.ts';

/** By calculator slug: inputs the form holds at their documented default (test/website/fit-pages.test.ts checks each against its help). */
export const FORM_DEFAULTS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  eclipses: { count: 3 },
};

/** The inputs a calculator's form opens on. */
export const formValues = (calc: Pick<Calculator, 'slug' | 'example'>): Record<string, unknown> => ({ ...calc.example, ...FORM_DEFAULTS[calc.slug] });
