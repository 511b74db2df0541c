/**
 * United States: the federal holidays of 5 U.S.C. 6103(a), as the Office of Personnel Management lists them.
 * The date-holidays rules agree on the dates; the English name of the first Monday in September is the
 * law's "Labor Day" (the data's generic English name is "Labour Day"; its en-us name is the law's).
 */
import type { OfficialCountry } from './types.ts';

export const US: OfficialCountry = {
  country: 'US',
  rules: [
    {
      source: {
        title: '5 U.S.C. 6103(a), Holidays: "Labor Day, the first Monday in September" (OPM, Federal Holidays)',
        issuer: 'U.S. Office of Personnel Management',
        published: '2026-11-28',
        url: 'https://www.opm.gov/policy-data-oversight/pay-leave/federal-holidays/',
      },
      fixes: [{ op: 'rename', name: 'Labour Day', to: 'Labor Day' }],
    },
  ],
  years: [],
};
