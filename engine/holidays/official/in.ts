/**
 * India: the Department of Personnel and Training's yearly Office Memorandum, "Holidays to be observed in
 * Central Government Offices during the year …". Its para. 2 lists the 14 holidays every central
 * government office in India observes (Annexure I dates them); each state's coordination committee adds
 * three more from a list of twelve, which are not modelled. Rows add the compulsory holidays the
 * date-holidays rules miss (they give six fixed ones); Dr Ambedkar's birthday (14 April), declared a
 * closed holiday by a separate memorandum each year, stays as the rules give it. The memorandum for
 * 2027 is not in this release: 2027 answers are the rules' estimate.
 */
import type { OfficialCountry, OfficialRow, OfficialSource } from './types.ts';

const OM_2025: OfficialSource = {
  title: 'Holidays to be observed in Central Government Offices during the year 2025 (O.M. No. 12/2/2023-JCA)',
  issuer: 'Ministry of Personnel, Public Grievances and Pensions, Department of Personnel and Training',
  published: '2024-07-09',
  url: 'https://dopt.gov.in',
};

const OM_2026: OfficialSource = {
  title: 'Holidays to be observed in Central Government Offices during the year 2026',
  issuer: 'Ministry of Personnel, Public Grievances and Pensions, Department of Personnel and Training',
  published: '2025-07-03',
  url: 'https://dopt.gov.in',
};

/** The compulsory holidays of para. 2 the rules miss, by the memorandum's names (English is the local language of the data). */
const add = (date: string, name: string): OfficialRow => ({ op: 'add', date, name, local_name: name });

export const IN: OfficialCountry = {
  country: 'IN',
  rules: [],
  years: [
    {
      year: 2025,
      source: OM_2025,
      rows: [
        add('2025-03-31', "Idu'l Fitr"),
        add('2025-04-10', 'Mahavir Jayanti'),
        add('2025-05-12', 'Buddha Purnima'),
        add('2025-06-07', "Idu'l Zuha (Bakrid)"),
        add('2025-07-06', 'Muharram'),
        add('2025-09-05', "Milad-un-Nabi (Prophet Mohammad's Birthday)"),
        add('2025-10-02', 'Dussehra (Vijaya Dashami)'),
        add('2025-10-20', 'Diwali (Deepavali)'),
        add('2025-11-05', "Guru Nanak's Birthday"),
      ],
    },
    {
      year: 2026,
      source: OM_2026,
      rows: [
        add('2026-03-21', "Idu'l Fitr"),
        add('2026-03-31', 'Mahavir Jayanti'),
        add('2026-05-01', 'Buddha Purnima'),
        add('2026-05-27', "Idu'l Zuha (Bakrid)"),
        add('2026-06-26', 'Muharram'),
        add('2026-08-26', "Milad-un-Nabi (Prophet Mohammad's Birthday)"),
        add('2026-10-20', 'Dussehra (Vijaya Dashami)'),
        add('2026-11-08', 'Diwali (Deepavali)'),
        add('2026-11-24', "Guru Nanak's Birthday"),
      ],
    },
  ],
};
