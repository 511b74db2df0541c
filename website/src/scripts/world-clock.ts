/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * /world-clock/ in the browser: the cities of the address (`?cities=london-2643743,…`), else of the
 * browser's storage, else the visitor's own zone's city and a few world cities; each row ticks every
 * second with the engine's tzdb release (the observatory's window of it, never the browser's zone data),
 * says day, twilight or night from the engine's Sun position at the city (each minute) and how far its
 * clock is from the visitor's. Cities are added by name from the site's places pack (no API, no key) and
 * removed with their button; the list is written to the address and to the browser's storage.
 */
import { loadSunPosition, normalizeName, offsetSecondsAt, type ZoneData } from '../../../engine/browser/index.ts';
import { type ClockCity, clockRow, cityToken, readToken, renderClockRow, tokensOf, WORLD_CITIES } from '../lib/world-clock.ts';
import { useZoneWindow } from './page-engine.ts';
import { findPlaces, placeLabel, type PackFound } from './places-pack.ts';

const STORAGE_KEY = 'world-clock-cities';

const root = document.querySelector<HTMLElement>('[data-world-clock]');

const cityOf = (p: PackFound): ClockCity => ({ id: p.id, name: p.name, label: placeLabel(p), lat: p.lat, lon: p.lon, timezone: p.timezone });

/** The default cities, as the build read them from the pack (so opening on them fetches no more of it). */
const known = new Map(Object.entries(JSON.parse(root?.dataset.known ?? '{}') as Record<string, ClockCity>));

/** The city a token names (its id among the pack's places of its name); undefined when the pack has none. */
async function cityOfToken(token: string): Promise<ClockCity | undefined> {
  if (known.has(token)) return known.get(token);
  const read = readToken(token);
  if (!read) return undefined;
  const found = await findPlaces(read.name, 24);
  const place = found.find((p) => p.id === read.id);
  return place && cityOf(place);
}

async function setUp(root: HTMLElement) {
  const list = root.querySelector<HTMLOListElement>('[data-clock-list]')!;
  const status = root.querySelector<HTMLElement>('[data-clock-status]')!;
  const form = root.querySelector<HTMLFormElement>('[data-clock-add]')!;
  const input = form.querySelector<HTMLInputElement>('input')!;
  const suggestions = document.getElementById(input.getAttribute('list') ?? '')!;
  const caption = root.querySelector<HTMLElement>('[data-clock-caption]');
  const hereZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const data = (await fetch(root.dataset.zoneData ?? '/observatory/tzdb.json').then((r) => r.json())) as ZoneData;
  await useZoneWindow(data);
  const { sunPosition } = await loadSunPosition();
  /** Seconds east of UTC at `ms` by the engine's rules; the browser's own offset for a zone the engine does not know. */
  const offsetOf = (zone: string, ms: number) => {
    try {
      return offsetSecondsAt(zone, ms);
    } catch {
      return zone === hereZone ? -new Date(ms).getTimezoneOffset() * 60 : 0;
    }
  };

  let cities: { token: string; city: ClockCity }[] = [];
  const daylight = new Map<string, { state: string; atMs: number }>();
  const daylightOf = (city: ClockCity, ms: number) => {
    const known = daylight.get(city.label);
    if (known && ms - known.atMs < 60_000) return known.state;
    const state = sunPosition({ lat: city.lat, lon: city.lon, atMs: ms }).daylight;
    daylight.set(city.label, { state, atMs: ms });
    return state;
  };

  const save = () => {
    const tokens = cities.map((c) => c.token).join(',');
    const url = new URL(location.href);
    url.searchParams.set('cities', tokens);
    history.replaceState(null, '', `${url.pathname}?${url.searchParams.toString().replace(/%2C/g, ',')}`);
    try {
      localStorage.setItem(STORAGE_KEY, tokens);
    } catch {
      // storage refused (private mode): the address still holds the list
    }
  };

  /** Draws every row (on a change of the list), then only their times tick. */
  const draw = () => {
    const now = Date.now();
    const here = offsetOf(hereZone, now);
    list.innerHTML = cities
      .map(({ token, city }) => renderClockRow(clockRow(city, now, offsetOf(city.timezone, now), here, daylightOf(city, now)), token))
      .join('');
    for (const button of list.querySelectorAll<HTMLButtonElement>('[data-remove-city]')) button.hidden = false;
  };
  const tick = () => {
    const now = Date.now();
    const here = offsetOf(hereZone, now);
    for (const li of list.querySelectorAll<HTMLElement>('[data-city]')) {
      const entry = cities.find((c) => c.token === li.dataset.city);
      if (!entry) continue;
      const row = clockRow(entry.city, now, offsetOf(entry.city.timezone, now), here, daylightOf(entry.city, now));
      li.querySelector('[data-clock-time]')!.textContent = row.time;
      li.querySelector('[data-clock-date]')!.textContent = row.date;
      li.querySelector('[data-clock-daylight]')!.textContent = row.daylight;
      li.querySelector('[data-clock-offset]')!.textContent = row.fromYou;
      li.dataset.daylight = row.daylight.toLowerCase();
    }
    root.dataset.ticks = String(Number(root.dataset.ticks ?? 0) + 1);
    setTimeout(tick, 1000 - (Date.now() % 1000) + 5);
  };

  const add = (city: ClockCity) => {
    const token = cityToken(city, normalizeName);
    if (cities.some((c) => c.token === token)) {
      status.textContent = `${city.label} is on the clock already.`;
      return;
    }
    cities.push({ token, city });
    status.textContent = `Added ${city.label}.`;
    draw();
    save();
  };

  list.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('[data-remove-city]');
    if (!button) return;
    const gone = cities.find((c) => c.token === button.dataset.removeCity);
    cities = cities.filter((c) => c !== gone);
    status.textContent = gone ? `Removed ${gone.city.label}.` : '';
    draw();
    save();
    input.focus();
  });

  // Suggestions as the visitor types (the pack's places), then Add takes the one chosen or the best match.
  let offered = new Map<string, PackFound>();
  let asked = 0;
  input.addEventListener('input', async () => {
    const text = input.value.trim();
    const turn = ++asked;
    const found = text.length >= 2 && !offered.has(text) ? await findPlaces(text, 6).catch(() => []) : [];
    if (turn !== asked || offered.has(text)) return;
    offered = new Map(found.map((p) => [placeLabel(p), p]));
    suggestions.replaceChildren(...[...offered.keys()].map((label) => new Option(label)));
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    const place = offered.get(text) ?? (await findPlaces(text, 1).catch(() => []))[0];
    if (!place) {
      status.textContent = `No place in the site's list matches “${text}” (the 25,000 largest places and every capital).`;
      return;
    }
    add(cityOf(place));
    input.value = '';
  });

  // The list: the address's, else the stored one, else the visitor's zone's city and the world cities.
  let tokens = tokensOf(new URLSearchParams(location.search).get('cities'));
  if (!tokens.length) {
    try {
      tokens = tokensOf(localStorage.getItem(STORAGE_KEY));
    } catch {
      tokens = [];
    }
  }
  const opening: ClockCity[] = [];
  if (!tokens.length) {
    const ownName = hereZone.split('/').pop()?.replace(/_/g, ' ') ?? '';
    const own = ownName ? (await findPlaces(ownName, 6).catch(() => [])).find((p) => p.timezone === hereZone) : undefined;
    if (own) opening.push(cityOf(own));
    tokens = WORLD_CITIES;
  }
  for (const city of await Promise.all(tokens.map((t) => cityOfToken(t).catch(() => undefined)))) if (city) opening.push(city);
  cities = [];
  for (const city of opening) {
    const token = cityToken(city, normalizeName);
    if (!cities.some((c) => c.token === token)) cities.push({ token, city });
  }
  draw();
  save();
  if (caption) caption.textContent = `Ticking on your clock; offsets from the engine's time-zone rules (tzdb ${data.version}); your time zone: ${hereZone}.`;
  form.hidden = false;
  root.dataset.ready = 'true';
  setTimeout(tick, 1000 - (Date.now() % 1000) + 5);
}

if (root) void setUp(root);
