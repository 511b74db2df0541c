/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The observatory in the browser. On /observatory/ it redraws the three posters and the positions
 * table from the form (and from a permalink's query), keeps the permalink in the address, and creates
 * share links through the API. On /observatory/share/<token>/ it loads a share and draws its poster.
 * The calculations are the engine's (through lib/observatory.ts) and the pictures lib/observatory-svg.ts's,
 * the same code that drew the build-time view; the API's address comes from the page (`data-api-base`).
 */
import {
  isShareToken, localDayBounds, localParts, orrery, parseView, POSTER_KINDS, sky, sunPath, useZoneData,
  type FieldError, type ObservatoryView, type PosterKind,
} from '../lib/observatory.ts';
import type { ZoneData } from '../../../engine/time/tzdb-data.ts';
import { renderOrrery, renderPositionsTable, renderSky, renderSunPath, type Caption } from '../lib/observatory-svg.ts';

const $ = <T extends Element>(selector: string) => document.querySelector<T>(selector);
const apiBase = () => ($<HTMLElement>('[data-api-base]')?.dataset.apiBase ?? '').replace(/\/+$/, '');
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

const VIEW_FIELDS = ['name', 'lat', 'lng', 'date', 'time', 'tz'] as const;
const FIELD_LABELS: Record<string, string> = {
  name: 'Place name', lat: 'Latitude', lng: 'Longitude', date: 'Local date', time: 'Local time', tz: 'Time zone',
  ttl_days: 'Keep for (days)', poster: 'Poster', location: 'Place', 'location.name': 'Place name', 'location.lat': 'Latitude', 'location.lng': 'Longitude',
};
const POSTER_NAMES: Record<PosterKind, string> = { sky: 'Sky chart', orrery: 'Orrery', 'sun-path': 'Sun path' };
const DAY_MS = 86_400_000;

/** Replaces an element's content with a heading line and a list of `Label: message`, as text (never HTML). */
function showList(target: HTMLElement, heading: string, errors: FieldError[]) {
  target.replaceChildren();
  const p = document.createElement('p');
  p.textContent = heading;
  target.append(p);
  if (!errors.length) return;
  const ul = document.createElement('ul');
  for (const e of errors) {
    const li = document.createElement('li');
    li.textContent = `${FIELD_LABELS[e.field] ?? e.field}: ${e.message}`;
    ul.append(li);
  }
  target.append(ul);
}

const zoneLabel = (tz: string, atMs: number) => `${tz}, UTC${localParts(atMs, tz).offset}`;

// ----- /observatory/ -----------------------------------------------------------------------------

function initObservatory(form: HTMLFormElement) {
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;
  const preset = field('preset') as HTMLSelectElement;
  const errorsBox = $<HTMLElement>('#obs-errors')!;
  const readForm = () => Object.fromEntries(VIEW_FIELDS.map((name) => [name, field(name).value]));

  function draw(view: ObservatoryView) {
    const caption: Caption = { place: view.name, date: view.date, time: view.time, zone: zoneLabel(view.tz, view.atMs) };
    const skyBodies = sky(view.atMs, view);
    const orreryBodies = orrery(view.atMs);
    const day = localDayBounds(view.date, view.tz);
    $('#orrery-poster')!.innerHTML = renderOrrery(orreryBodies, caption);
    $('#sky-poster')!.innerHTML = renderSky(skyBodies, caption);
    $('#sun-path-poster')!.innerHTML = renderSunPath(sunPath(day.startMs, day.endMs, view, view.atMs), { ...caption, timeZone: view.tz });
    $('#obs-positions')!.innerHTML = renderPositionsTable(skyBodies, orreryBodies);
    $('#obs-summary')!.textContent = `Showing ${view.name} (${view.lat}°, ${view.lng}°) on ${view.date} at ${view.time}, `
      + `${caption.zone}, the instant ${new Date(view.atMs).toISOString().replace('.000Z', 'Z')}.`;
  }

  /** Draws the form's view, or says what is wrong with it; a permalink to the view replaces the address. */
  function update(): ObservatoryView | null {
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
    const query = new URLSearchParams({ name: view.name, lat: String(view.lat), lng: String(view.lng), date: view.date, time: view.time, tz: view.tz });
    const permalink = `${location.pathname}?${query}`;
    history.replaceState(null, '', permalink);
    $<HTMLAnchorElement>('#obs-permalink')!.href = permalink;
    return view;
  }

  /** The preset whose place and zone the fields hold, or "custom". */
  function matchPreset() {
    const values = readForm();
    const match = [...preset.options].find((o) => o.value && o.dataset.lat === values.lat.trim() && o.dataset.lng === values.lng.trim() && o.dataset.tz === values.tz.trim());
    preset.value = match ? match.value : '';
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    update();
  });
  form.addEventListener('change', (event) => {
    if (event.target === preset) {
      const option = preset.selectedOptions[0];
      if (!option?.value) return;
      for (const name of ['name', 'lat', 'lng', 'tz'] as const) field(name).value = option.dataset[name] ?? '';
    } else {
      matchPreset();
    }
    update();
  });

  // A permalink: its fields replace the form's (a field it lacks keeps the default view's value).
  const params = new URLSearchParams(location.search);
  if (VIEW_FIELDS.some((name) => params.has(name))) {
    for (const name of VIEW_FIELDS) if (params.has(name)) field(name).value = params.get(name) ?? '';
    matchPreset();
    update();
  }

  initShareForm(() => {
    const parsed = parseView(readForm());
    return parsed.ok ? { view: parsed.view } : { errors: parsed.errors };
  });
}

function initShareForm(currentView: () => { view?: ObservatoryView; errors?: FieldError[] }) {
  const form = $<HTMLFormElement>('#share-form');
  if (!form) return;
  const errorsBox = $<HTMLElement>('#share-errors')!;
  const result = $<HTMLElement>('#share-result')!;
  const button = $<HTMLButtonElement>('#share-button')!;
  const NOT_CREATED = 'No share link was created.';
  const setResult = (state: string, text = '') => {
    result.dataset.state = state;
    result.textContent = text;
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    errorsBox.replaceChildren();
    const { view, errors } = currentView();
    if (!view) {
      setResult('error', NOT_CREATED);
      showList(errorsBox, 'Correct the place, date and time above first:', errors ?? []);
      return;
    }
    const poster = (form.elements.namedItem('poster') as HTMLSelectElement).value;
    const ttlText = (form.elements.namedItem('ttl_days') as HTMLInputElement).value.trim();
    const ttl = Number(ttlText);
    if (!/^\d+$/.test(ttlText) || ttl < 1 || ttl > 365) {
      setResult('error', NOT_CREATED);
      showList(errorsBox, 'The share was not created:', [{ field: 'ttl_days', message: 'must be a whole number of days, 1 to 365' }]);
      return;
    }
    const body = { poster, date: view.date, location: { name: view.name, lat: view.lat, lng: view.lng }, time: view.time, ttl_days: ttl };
    const base = apiBase();
    button.disabled = true;
    setResult('pending', 'Creating the share link…');
    try {
      let response: Response;
      try {
        response = await fetch(`${base}/v1/observatory/share`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, application/problem+json' },
          body: JSON.stringify(body),
        });
      } catch (error) {
        setResult('error', NOT_CREATED);
        showList(errorsBox, `Could not reach the API at ${base} (${errorText(error)}). Check the connection and try again.`, []);
        return;
      }
      const answer = await response.json().catch(() => null) as Record<string, unknown> | null;
      if (response.status === 201 && answer && typeof answer.share_url === 'string' && /^https?:\/\//.test(answer.share_url)) {
        result.dataset.state = 'created';
        const link = document.createElement('a');
        link.id = 'share-link';
        link.href = answer.share_url;
        link.textContent = answer.share_url;
        result.replaceChildren('Share link: ', link, typeof answer.expires_at === 'string' ? ` (expires ${answer.expires_at})` : '');
        return;
      }
      setResult('error', NOT_CREATED);
      const problemErrors = Array.isArray(answer?.errors) ? (answer.errors as FieldError[]).filter((e) => e && typeof e.message === 'string') : [];
      const title = typeof answer?.title === 'string' ? answer.title : response.statusText;
      const detail = typeof answer?.detail === 'string' ? ` ${answer.detail}` : '';
      const retry = response.status === 429 && response.headers.get('retry-after') ? ` Try again in ${response.headers.get('retry-after')} s.` : '';
      showList(errorsBox, `The share was not created (${response.status} ${title}).${detail}${retry}`, problemErrors);
    } finally {
      button.disabled = false;
    }
  });
}

// ----- /observatory/share/<token>/ ---------------------------------------------------------------

interface Share {
  poster: PosterKind; date: string; time: string; location: { name: string; lat: number; lng: number };
  timezone: string; utc_offset: string; atMs: number; expires_at: string;
}

/** The API's answer, checked field by field: this page draws only what it understands. */
function readShare(raw: unknown): Share | null {
  if (!raw || typeof raw !== 'object') return null;
  const s = raw as Record<string, unknown>;
  const loc = s.location as Record<string, unknown> | undefined;
  const ok = POSTER_KINDS.includes(s.poster as PosterKind) && typeof s.date === 'string' && typeof s.time === 'string'
    && typeof s.timezone === 'string' && typeof s.utc_offset === 'string' && typeof s.expires_at === 'string'
    && !!loc && typeof loc.name === 'string' && typeof loc.lat === 'number' && typeof loc.lng === 'number'
    && Math.abs(loc.lat) <= 90 && Math.abs(loc.lng) <= 180;
  if (!ok) return null;
  const atMs = typeof s.at === 'string' ? Date.parse(s.at) : NaN;
  if (!Number.isFinite(atMs)) return null;
  return {
    poster: s.poster as PosterKind, date: s.date as string, time: s.time as string,
    location: { name: loc.name as string, lat: loc.lat as number, lng: loc.lng as number },
    timezone: s.timezone as string, utc_offset: s.utc_offset as string, atMs, expires_at: s.expires_at as string,
  };
}

/** The local day of the share: from the zone's rules, or from its offset where this browser lacks the zone. */
function shareDay(share: Share): { startMs: number; endMs: number } {
  try {
    return localDayBounds(share.date, share.timezone);
  } catch {
    const startMs = Date.parse(`${share.date}T00:00:00${share.utc_offset}`);
    return { startMs, endMs: startMs + DAY_MS };
  }
}

function drawShare(share: Share): string {
  const caption: Caption = { place: share.location.name, date: share.date, time: share.time, zone: `${share.timezone}, UTC${share.utc_offset}` };
  const place = { lat: share.location.lat, lng: share.location.lng };
  if (share.poster === 'orrery') return renderOrrery(orrery(share.atMs), caption);
  if (share.poster === 'sky') return renderSky(sky(share.atMs, place), caption);
  const day = shareDay(share);
  return renderSunPath(sunPath(day.startMs, day.endMs, place, share.atMs), { ...caption, timeZone: share.timezone });
}

async function initShareViewer(status: HTMLElement) {
  const setState = (state: 'loading' | 'ready' | 'missing' | 'error', message: string) => {
    status.dataset.state = state;
    status.textContent = message;
  };
  const token = /^\/observatory\/share\/([^/]*)\/?$/.exec(location.pathname)?.[1] ?? '';
  if (!isShareToken(token)) {
    setState('missing', 'Unknown share link: this address holds no valid share token. Check that the link was copied whole.');
    return;
  }
  const base = apiBase();
  let response: Response;
  try {
    response = await fetch(`${base}/v1/observatory/share/${token}`, { headers: { accept: 'application/json' } });
  } catch (error) {
    setState('error', `Could not reach the API at ${base} (${errorText(error)}). Check the connection and reload the page.`);
    return;
  }
  if (response.status === 404) {
    setState('missing', 'This share link has expired or does not exist.');
    return;
  }
  const answer = await response.json().catch(() => null) as unknown;
  if (!response.ok) {
    const detail = (answer as { detail?: unknown } | null)?.detail;
    setState('error', `Could not reach the API: it answered with status ${response.status}${typeof detail === 'string' ? ` (${detail})` : ''}. Try again shortly.`);
    return;
  }
  const share = readShare(answer);
  if (!share) {
    setState('error', `Could not read the share the API answered with (status ${response.status}).`);
    return;
  }
  let svg: string;
  try {
    svg = drawShare(share);
  } catch (error) {
    setState('error', `The shared poster could not be drawn: ${errorText(error)}`);
    return;
  }
  const heading = `${POSTER_NAMES[share.poster]}: ${share.location.name}, ${share.date} at ${share.time} (${share.timezone}, UTC${share.utc_offset})`;
  $('#share-heading')!.textContent = heading;
  document.title = `${heading} · ${document.title.split(' · ').pop()}`;
  $('#share-figure')!.innerHTML = svg;
  $('#share-details')!.textContent = `${share.location.name}: ${share.location.lat}°, ${share.location.lng}°; `
    + `the instant ${new Date(share.atMs).toISOString().replace('.000Z', 'Z')}. This link expires ${share.expires_at}.`;
  // The same place, date and time in the observatory, to explore from there.
  const open = $<HTMLAnchorElement>('#share-open');
  if (open) {
    open.href = `/observatory/?${new URLSearchParams({ name: share.location.name, lat: String(share.location.lat), lng: String(share.location.lng), date: share.date, time: share.time, tz: share.timezone })}`;
    open.textContent = 'Open this view in the observatory';
  }
  setState('ready', 'Shared poster loaded.');
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
  useZoneData(await response.json() as ZoneData);
}

const observatoryForm = $<HTMLFormElement>('#observatory-form');
const shareStatus = $<HTMLElement>('[data-share-status]');
loadZoneData().then(() => {
  if (observatoryForm) initObservatory(observatoryForm);
  if (shareStatus) void initShareViewer(shareStatus);
}, (error: unknown) => {
  const box = observatoryForm ? $<HTMLElement>('#obs-errors') : shareStatus;
  if (box) box.textContent = `The observatory cannot compute local times: ${errorText(error)}.`;
});
