/**
 * The fixed tables of zone-name resolution (zone-names.ts): the names for zero offset, the sea zones,
 * legacy spellings the data alone cannot place, and which zone an abbreviation means.
 */

// One name for zero offset, the one the rest of the API uses (`GET /v1/time/utc`): `UTC`.
export const ZERO_ZONES = [
  'Etc/UTC',
  'Etc/GMT',
  'Etc/GMT-0',
  'Etc/GMT+0',
  'Etc/GMT0',
  'Etc/UCT',
  'Etc/Universal',
  'Etc/Zulu',
  'Etc/Greenwich',
  'GMT+0',
  'GMT-0',
  'GMT0',
  'Greenwich',
  'UCT',
  'Universal',
  'Zulu',
];
// Sea zones (Etc/GMT±N) the boundary lookup answers with at sea; tzdb's own names, not in zone.tab.
export const SEA_ZONES = Array.from({ length: 27 }, (_, i) => i - 14)
  .filter((h) => h !== 0)
  .map((h) => `Etc/GMT${h < 0 ? '' : '+'}${h}`);

/**
 * Legacy names whose data in this build is shared by several of our zones, so the data alone cannot
 * say which one they mean: the answer is the zone tzdb's `backward` file names for them where that is
 * ours (`Africa/Asmera` is a respelling of Asmara, not Nairobi, the zone Asmara merged into after 1970).
 */
export const RESPELLED: Record<string, string> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Fort_Wayne': 'America/Indiana/Indianapolis',
  'America/Knox_IN': 'America/Indiana/Knox',
  'America/Louisville': 'America/Kentucky/Louisville',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Thimbu': 'Asia/Thimphu',
  'Asia/Ujung_Pandang': 'Asia/Makassar',
  'Asia/Ulan_Bator': 'Asia/Ulaanbaatar',
  'Asia/Dacca': 'Asia/Dhaka',
  'Asia/Macao': 'Asia/Macau',
  'Asia/Chungking': 'Asia/Chongqing',
  'Asia/Ashkhabad': 'Asia/Ashgabat',
  'Asia/Tel_Aviv': 'Asia/Jerusalem',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'America/Godthab': 'America/Nuuk',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Yap': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'America/Ensenada': 'America/Tijuana',
  'America/Santa_Isabel': 'America/Tijuana',
  'America/Porto_Acre': 'America/Rio_Branco',
  'America/Virgin': 'America/St_Thomas',
  'Antarctica/South_Pole': 'Antarctica/McMurdo',
  'Africa/Timbuktu': 'Africa/Bamako',
  Iceland: 'Atlantic/Reykjavik',
  'America/Coral_Harbour': 'America/Atikokan',
  Singapore: 'Asia/Singapore',
  'Atlantic/Jan_Mayen': 'Arctic/Longyearbyen',
  // tzdb 2024b made the System V names links; this build still carries them as zones of their own.
  EST5EDT: 'America/New_York',
  CST6CDT: 'America/Chicago',
  MST7MDT: 'America/Denver',
  PST8PDT: 'America/Los_Angeles',
};

/**
 * The zone an abbreviation answers for when more than one zone uses it: the zone most people mean.
 * An abbreviation tzdb uses that is not listed here goes to the most populous zone using it
 * (the population figures of the tzdb build).
 */
export const PRIMARY: Record<string, string> = {
  UTC: 'UTC',
  GMT: 'UTC',
  Z: 'UTC',
  UT: 'UTC',
  UCT: 'UTC',
  ZULU: 'UTC',
  EST: 'America/New_York',
  EDT: 'America/New_York', // also Toronto, and Panama/Jamaica/Cancún (EST all year)
  CST: 'America/Chicago',
  CDT: 'America/Chicago', // also China (+08), Cuba (-05 CST) and Mexico City (CST all year)
  MST: 'America/Denver',
  MDT: 'America/Denver', // America/Phoenix keeps MST all year
  PST: 'America/Los_Angeles',
  PDT: 'America/Los_Angeles', // also the Philippines (+08)
  AKST: 'America/Anchorage',
  AKDT: 'America/Anchorage',
  HST: 'Pacific/Honolulu',
  HDT: 'America/Adak',
  AST: 'America/Halifax',
  ADT: 'America/Halifax', // AST also Puerto Rico and the Caribbean all year
  NST: 'America/St_Johns',
  NDT: 'America/St_Johns',
  BST: 'Europe/London',
  IST: 'Asia/Kolkata', // also Ireland (summer, +01) and Israel (+02)
  IDT: 'Asia/Jerusalem',
  WET: 'Europe/Lisbon',
  WEST: 'Europe/Lisbon',
  CET: 'Europe/Paris',
  CEST: 'Europe/Paris',
  EET: 'Europe/Athens',
  EEST: 'Europe/Athens', // tzdb's own EET link target
  MSK: 'Europe/Moscow',
  WAT: 'Africa/Lagos',
  CAT: 'Africa/Maputo',
  EAT: 'Africa/Nairobi',
  SAST: 'Africa/Johannesburg',
  PKT: 'Asia/Karachi',
  HKT: 'Asia/Hong_Kong',
  JST: 'Asia/Tokyo',
  KST: 'Asia/Seoul',
  WIB: 'Asia/Jakarta',
  WITA: 'Asia/Makassar',
  WIT: 'Asia/Jayapura',
  AWST: 'Australia/Perth',
  ACST: 'Australia/Adelaide',
  ACDT: 'Australia/Adelaide',
  AEST: 'Australia/Sydney',
  AEDT: 'Australia/Sydney', // Brisbane keeps AEST all year
  NZST: 'Pacific/Auckland',
  NZDT: 'Pacific/Auckland',
  CHST: 'Pacific/Guam',
  SST: 'Pacific/Pago_Pago',
};

/**
 * Abbreviations people use that tzdb does not (since 2017 it uses numeric ones such as `+08` where no
 * abbreviation is in common local use), and the generic North American names.
 */
export const CONVENTIONAL: Record<string, string> = {
  ET: 'America/New_York',
  CT: 'America/Chicago',
  MT: 'America/Denver',
  PT: 'America/Los_Angeles',
  SGT: 'Asia/Singapore',
  ICT: 'Asia/Bangkok',
  GST: 'Asia/Dubai',
  PHT: 'Asia/Manila',
  MYT: 'Asia/Kuala_Lumpur',
  NPT: 'Asia/Kathmandu',
  IRST: 'Asia/Tehran',
  AFT: 'Asia/Kabul',
  BRT: 'America/Sao_Paulo',
  ART: 'America/Argentina/Buenos_Aires',
  AOE: 'Etc/GMT+12', // "anywhere on Earth", used for deadlines
};
