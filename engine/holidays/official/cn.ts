/**
 * China: the national holiday regulation (全国年节及纪念日放假办法) and the State Council General Office's
 * yearly notice of the holiday arrangement (部分节假日安排的通知), which lists each holiday block (放假调休)
 * and the weekend days worked in exchange (上班).
 *
 * Rows are the differences from the date-holidays rules once the rule corrections below are applied:
 * the statutory days (Art. 2 of the regulation) then agree with the notices, and each notice adds its
 * weekend working days and the weekdays it gives off inside a block. A block's weekend days need no row.
 * The 2027 notice is not in this release: 2027 answers are the rules' estimate.
 */
import type { OfficialCountry, OfficialRow, OfficialSource } from './types.ts';

/** The regulation as revised with effect from 1 January 2025 (Art. 2: 13 days; Spring Festival and Labour Day one day longer). */
const REGULATION_2025: OfficialSource = {
  title:
    '国务院关于修改《全国年节及纪念日放假办法》的决定 (State Council decree revising the National Holidays Regulation, in force 2025-01-01), as the 2025 notice cites it',
  issuer: 'State Council of the People’s Republic of China',
  published: '2024-11-12',
  url: 'https://m.gmw.cn/2024-11/12/content_1303894933.htm',
};

/** Art. 3, unchanged since 1999: Women's Day, Youth Day, Children's Day and Army Day are days off for groups of citizens only. */
const REGULATION_ART_3: OfficialSource = {
  title: '全国年节及纪念日放假办法 (National Holidays Regulation), Art. 3: 部分公民放假的节日及纪念日',
  issuer: 'State Council of the People’s Republic of China',
  published: '2007-12-14',
  url: 'https://zh.wikisource.org/wiki/国务院关于修改《全国年节及纪念日放假办法》的决定_(2007年)',
};

const NOTICE_2025: OfficialSource = {
  title: '国务院办公厅关于2025年部分节假日安排的通知 (国办发明电〔2024〕12号)',
  issuer: 'General Office of the State Council (authorised release: Xinhua)',
  published: '2024-11-12',
  url: 'https://m.gmw.cn/2024-11/12/content_1303894933.htm',
};

const NOTICE_2026: OfficialSource = {
  title: '国务院办公厅关于2026年部分节假日安排的通知',
  issuer: 'General Office of the State Council (authorised release: Xinhua)',
  published: '2025-11-04',
  url: 'https://politics.gmw.cn/2025-11/04/content_38391083.htm',
};

const NAMES = {
  newYear: ["New Year's Day", '元旦'],
  spring: ['Spring Festival', '春节'],
  qingming: ['Qingming Festival', '清明节'],
  labour: ['Labour Day', '劳动节'],
  dragonBoat: ['Dragon Boat Festival', '端午节'],
  national: ['National Day', '国庆节'],
  nationalMidAutumn: ['National Day and Mid-Autumn Festival', '国庆节、中秋节'],
} as const;
type Holiday = keyof typeof NAMES;

const working = (date: string, holiday: Holiday): OfficialRow => ({ op: 'working_day', date, name: NAMES[holiday][0], local_name: NAMES[holiday][1] });
const off = (date: string, holiday: Holiday): OfficialRow => ({ op: 'day_off', date, name: NAMES[holiday][0], local_name: NAMES[holiday][1] });

export const CN: OfficialCountry = {
  country: 'CN',
  rules: [
    {
      from: 2025,
      source: REGULATION_2025,
      fixes: [
        // Art. 2(2): 4 days, New Year's Eve and the first to third days (date-holidays gives Eve, first and second).
        { op: 'extend', name: 'Spring Festival', days: 1 },
        // Art. 2(4): 2 days, 1 and 2 May.
        { op: 'add', month_day: '05-02', name: 'Labour Day', local_name: '劳动节' },
      ],
    },
    {
      source: REGULATION_ART_3,
      fixes: ["International Women's Day", 'Youth Day', "Children's Day", 'Army Day'].map((name) => ({
        op: 'retype' as const,
        name,
        type: 'observance' as const,
      })),
    },
  ],
  years: [
    {
      // 元旦 1 Jan only; 春节 28 Jan–4 Feb (26 Jan, 8 Feb worked); 清明 4–6 Apr; 劳动节 1–5 May (27 Apr worked);
      // 端午 31 May–2 Jun; 国庆、中秋 1–8 Oct (28 Sep, 11 Oct worked).
      year: 2025,
      source: NOTICE_2025,
      rows: [
        working('2025-01-26', 'spring'),
        off('2025-02-03', 'spring'),
        off('2025-02-04', 'spring'),
        working('2025-02-08', 'spring'),
        working('2025-04-27', 'labour'),
        off('2025-05-05', 'labour'),
        off('2025-06-02', 'dragonBoat'),
        working('2025-09-28', 'nationalMidAutumn'),
        off('2025-10-07', 'nationalMidAutumn'),
        off('2025-10-08', 'nationalMidAutumn'),
        working('2025-10-11', 'nationalMidAutumn'),
      ],
    },
    {
      // 元旦 1–3 Jan (4 Jan worked); 春节 15–23 Feb (14, 28 Feb worked); 清明 4–6 Apr; 劳动节 1–5 May (9 May worked);
      // 端午 19–21 Jun; 中秋 25–27 Sep; 国庆 1–7 Oct (20 Sep, 10 Oct worked).
      year: 2026,
      source: NOTICE_2026,
      rows: [
        off('2026-01-02', 'newYear'),
        working('2026-01-04', 'newYear'),
        working('2026-02-14', 'spring'),
        off('2026-02-20', 'spring'),
        off('2026-02-23', 'spring'),
        working('2026-02-28', 'spring'),
        off('2026-04-06', 'qingming'),
        off('2026-05-04', 'labour'),
        off('2026-05-05', 'labour'),
        working('2026-05-09', 'labour'),
        working('2026-09-20', 'national'),
        off('2026-10-05', 'national'),
        off('2026-10-06', 'national'),
        off('2026-10-07', 'national'),
        working('2026-10-10', 'national'),
      ],
    },
  ],
};
