/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The observatory in the browser. On /observatory/ it opens on the visitor's current time (the page's
 * HTML holds the build's view, for crawlers and without JavaScript), redraws the three posters and the
 * positions table from the form (and from a permalink's query), keeps the address in step with the view,
 * and creates share links through the API. On /observatory/share/<token>/ it loads a share and draws its poster
 * (both share parts are in observatory-share.ts).
 * The calculations are the engine's (through lib/observatory.ts) and the pictures lib/observatory-svg.ts's,
 * the same code that drew the build-time view; the API's address comes from the page (`data-api-base`).
 */
import { localParts, nextEclipses, orrery, parseView, skyAt, sunPath, useZoneData, type ObservatoryView } from '../lib/observatory.ts';
import { renderAlmanac } from '../lib/observatory-almanac.ts';
import type { ZoneData } from '../../../engine/browser/index.ts';
import { renderOrrery, renderPositionsTable, renderSky, renderSunPath, type Caption } from '../lib/observatory-svg.ts';
import { $, errorText, showList } from './observatory-dom.ts';
import { useZoneWindow } from './page-engine.ts';
import { initShareForm, initShareViewer } from './observatory-share.ts';

const VIEW_FIELDS = ['name', 'lat', 'lng', 'date', 'time', 'tz'] as const;

const zoneLabel = (tz: string, atMs: number) => `${tz}, UTC${localParts(atMs, tz).offset}`;

// ----- /observatory/ -----------------------------------------------------------------------------

function initObservatory(form: HTMLFormElement) {
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;
  const preset = field('preset') as HTMLSelectElement;
  const errorsBox = $<HTMLElement>('#obs-errors')!;
  const readForm = () => Object.fromEntries(VIEW_FIELDS.map((name) => [name, field(name).value]));

  function draw(view: ObservatoryView) {
    const caption: Caption = { place: view.name, date: view.date, time: view.time, zone: zoneLabel(view.tz, view.atMs) };
    const { bodies: skyBodies, moon } = skyAt(view.atMs, view);
    const orreryBodies = orrery(view.atMs);
    const sunDay = sunPath(view.date, view.tz, view, view.atMs);
    $('#orrery-poster')!.innerHTML = renderOrrery(orreryBodies, caption);
    $('#sky-poster')!.innerHTML = renderSky(skyBodies, caption);
    $('#sun-path-poster')!.innerHTML = renderSunPath(sunDay, { ...caption, timeZone: view.tz });
    $('#obs-positions')!.innerHTML = renderPositionsTable(skyBodies, orreryBodies);
    $('#obs-almanac')!.innerHTML = renderAlmanac(
      { sun: sunDay.events, moon, eclipses: nextEclipses(view.date, view, view.tz), timeZone: view.tz, southern: view.lat < 0 },
      $<HTMLElement>('[data-eclipses-href]')?.dataset.eclipsesHref ?? '/calculators/',
    );
    $('#obs-summary')!.textContent =
      `Showing ${view.name} (${view.lat}°, ${view.lng}°) on ${view.date} at ${view.time}, ` +
      `${caption.zone}, the instant ${new Date(view.atMs).toISOString().replace('.000Z', 'Z')}.`;
  }

  /**
   * The date and time the Now button (or an address without either) last wrote: while the fields still
   * hold them the view follows the clock, so a change of place or zone moves them to that zone's now, and
   * the address leaves them out (opening it again is "now" again).
   */
  let now: { date: string; time: string } | undefined;
  const following = () => now !== undefined && field('date').value === now.date && field('time').value === now.time;

  /** Sets the date and time to the current instant in the form's zone, read with the engine's tzdb release. */
  function showNow() {
    try {
      const parts = localParts(Date.now(), field('tz').value.trim());
      now = { date: parts.date, time: parts.time };
      field('date').value = now.date;
      field('time').value = now.time;
    } catch {
      now = undefined; // an unknown zone: update() names it
    }
  }

  /**
   * Draws the form's view, or says what is wrong with it. The "Link to this view" permalink is exact (its
   * date and time); the address is too, unless the view follows the clock. `address: false` leaves the
   * address as it was opened.
   */
  function update(address = true): ObservatoryView | null {
    const parsed = parseView(readForm());
    for (const name of VIEW_FIELDS) field(name).removeAttribute('aria-invalid');
    if (!parsed.ok) {
      for (const e of parsed.errors) field(e.field)?.setAttribute('aria-invalid', 'true');
      showList(errorsBox, 'The view was not redrawn:', parsed.errors);
      return null;
    }
    const { view } = parsed;
    try {
      draw(view);
    } catch (error) {
      showList(errorsBox, `The view could not be drawn: ${errorText(error)}`, []);
      return null;
    }
    errorsBox.replaceChildren();
    const place = { name: view.name, lat: String(view.lat), lng: String(view.lng) };
    const permalink = `${location.pathname}?${new URLSearchParams({ ...place, date: view.date, time: view.time, tz: view.tz })}`;
    if (address) history.replaceState(null, '', following() ? `${location.pathname}?${new URLSearchParams({ ...place, tz: view.tz })}` : permalink);
    $<HTMLAnchorElement>('#obs-permalink')!.href = permalink;
    return view;
  }

  /** The preset whose place and zone the fields hold, or "custom". */
  function matchPreset() {
    const values = readForm();
    const match = [...preset.options].find(
      (o) => o.value && o.dataset.lat === values.lat.trim() && o.dataset.lng === values.lng.trim() && o.dataset.tz === values.tz.trim(),
    );
    preset.value = match ? match.value : '';
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    update();
  });
  form.addEventListener('change', (event) => {
    const wasFollowing = following();
    if (event.target === preset) {
      const option = preset.selectedOptions[0];
      if (!option?.value) return;
      for (const name of ['name', 'lat', 'lng', 'tz'] as const) field(name).value = option.dataset[name] ?? '';
    } else {
      matchPreset();
    }
    if (wasFollowing && event.target !== field('date') && event.target !== field('time')) showNow();
    update();
  });
  const nowButton = $<HTMLButtonElement>('#obs-now');
  if (nowButton) {
    nowButton.hidden = false;
    nowButton.addEventListener('click', () => {
      showNow();
      update();
    });
  }

  // A permalink: its fields replace the form's (a field it lacks keeps the default view's value), and
  // without a date and a time the view is the current instant in its zone (unless the visitor typed a
  // date or time before the script ran). The page opens on that view; the address is rewritten (to the
  // canonical permalink) only when it had a query.
  const params = new URLSearchParams(location.search);
  for (const name of VIEW_FIELDS) if (params.has(name)) field(name).value = params.get(name) ?? '';
  matchPreset();
  const untouched = (['date', 'time'] as const).every((name) => {
    const input = field(name) as HTMLInputElement;
    return !params.has(name) && input.value === input.defaultValue;
  });
  if (untouched) showNow();
  update(VIEW_FIELDS.some((name) => params.has(name)));
  form.dataset.ready = 'true';

  initShareForm(() => {
    const parsed = parseView(readForm());
    return parsed.ok ? { view: parsed.view } : { errors: parsed.errors };
  });
}

/**
 * The engine's zone rules (its tzdb release, the years the observatory draws), fetched once before the
 * page computes anything: the browser's own Intl zone data is older and differs between browsers.
 */
async function loadZoneData(): Promise<void> {
  const path = $<HTMLElement>('[data-zone-data]')?.dataset.zoneData;
  if (!path) throw new Error('the page names no zone data');
  const response = await fetch(path);
  if (!response.ok) throw new Error(`the zone data could not be loaded (HTTP ${response.status})`);
  const zoneData = (await response.json()) as ZoneData;
  useZoneData(zoneData);
  await useZoneWindow(zoneData); // what tzdb.ts reads in the page (sun_events' local days, the eclipses' local times)
}

/**
 * Now and here (issue 32): an address that names no place opens on the visitor's zone's city (zone.tab's,
 * ./now-here.ts) instead of the build's Greenwich, when the engine's zone rules know that zone; a zone
 * with no city (UTC, Etc/*) keeps Greenwich.
 */
async function openHere(form: HTMLFormElement): Promise<void> {
  const params = new URLSearchParams(location.search);
  if (['name', 'lat', 'lng', 'tz'].some((name) => params.has(name))) return;
  const { visitorHere } = await import('./now-here.ts');
  const here = await visitorHere().catch(() => undefined);
  if (!here || here.stated) return;
  try {
    localParts(Date.now(), here.zone); // the zone is in the engine's rules the page loaded
  } catch {
    return;
  }
  const values = { name: here.city, lat: String(here.lat), lng: String(here.lon), tz: here.zone };
  for (const [name, value] of Object.entries(values)) (form.elements.namedItem(name) as HTMLInputElement).value = value;
}

const observatoryForm = $<HTMLFormElement>('#observatory-form');
const shareStatus = $<HTMLElement>('[data-share-status]');
loadZoneData().then(
  async () => {
    if (observatoryForm) await openHere(observatoryForm).catch(() => undefined);
    if (observatoryForm) initObservatory(observatoryForm);
    if (shareStatus) void initShareViewer(shareStatus);
  },
  (error: unknown) => {
    const box = observatoryForm ? $<HTMLElement>('#obs-errors') : shareStatus;
    if (box) box.textContent = `The observatory cannot compute local times: ${errorText(error)}.`;
  },
);
