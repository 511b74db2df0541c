/// <reference lib="dom" />
/**
 * Shares of the observatory: the share form on /observatory/, which creates a share link through the
 * API, and /observatory/share/<token>/, which loads a share and draws its poster.
 */
import {
  isShareToken,
  sharePageUrl,
  localDayBounds,
  orrery,
  POSTER_KINDS,
  sky,
  sunPath,
  sunPathOfDay,
  type FieldError,
  type ObservatoryView,
  type PosterKind,
} from '../lib/observatory.ts';
import { renderOrrery, renderSky, renderSunPath, type Caption } from '../lib/observatory-svg.ts';
import { DAY_MS } from '../../../engine/browser/index.ts';
import { $, apiBase, errorText, showList } from './observatory-dom.ts';

const POSTER_NAMES: Record<PosterKind, string> = { sky: 'Sky chart', orrery: 'Orrery', 'sun-path': 'Sun path' };

// ----- the share form of /observatory/ ----------------------------------------------------------

/** Creates a share link of the view `currentView` reads from the observatory's form. */
export function initShareForm(currentView: () => { view?: ObservatoryView; errors?: FieldError[] }) {
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
      const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
      const url = answer && response.status === 201 ? sharePageUrl(answer, location.href) : undefined;
      if (answer && url) {
        result.dataset.state = 'created';
        const link = document.createElement('a');
        link.id = 'share-link';
        link.href = url;
        link.textContent = url;
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
  poster: PosterKind;
  date: string;
  time: string;
  location: { name: string; lat: number; lng: number };
  timezone: string;
  utc_offset: string;
  atMs: number;
  expires_at: string;
}

/** The API's answer, checked field by field: this page draws only what it understands. */
function readShare(raw: unknown): Share | null {
  if (!raw || typeof raw !== 'object') return null;
  const s = raw as Record<string, unknown>;
  const loc = s.location as Record<string, unknown> | undefined;
  const ok =
    POSTER_KINDS.includes(s.poster as PosterKind) &&
    typeof s.date === 'string' &&
    typeof s.time === 'string' &&
    typeof s.timezone === 'string' &&
    typeof s.utc_offset === 'string' &&
    typeof s.expires_at === 'string' &&
    !!loc &&
    typeof loc.name === 'string' &&
    typeof loc.lat === 'number' &&
    typeof loc.lng === 'number' &&
    Math.abs(loc.lat) <= 90 &&
    Math.abs(loc.lng) <= 180;
  if (!ok) return null;
  const atMs = typeof s.at === 'string' ? Date.parse(s.at) : NaN;
  if (!Number.isFinite(atMs)) return null;
  return {
    poster: s.poster as PosterKind,
    date: s.date as string,
    time: s.time as string,
    location: { name: loc.name as string, lat: loc.lat as number, lng: loc.lng as number },
    timezone: s.timezone as string,
    utc_offset: s.utc_offset as string,
    atMs,
    expires_at: s.expires_at as string,
  };
}

/** The Sun's day of the share: from the zone's rules (sun_events' sunrise and sunset), or from its offset where this page lacks the zone. */
function shareSunPath(share: Share, place: { lat: number; lng: number }) {
  try {
    localDayBounds(share.date, share.timezone);
  } catch {
    const startMs = Date.parse(`${share.date}T00:00:00${share.utc_offset}`);
    return sunPathOfDay(startMs, startMs + DAY_MS, place, share.atMs);
  }
  return sunPath(share.date, share.timezone, place, share.atMs);
}

function drawShare(share: Share): string {
  const caption: Caption = { place: share.location.name, date: share.date, time: share.time, zone: `${share.timezone}, UTC${share.utc_offset}` };
  const place = { lat: share.location.lat, lng: share.location.lng };
  if (share.poster === 'orrery') return renderOrrery(orrery(share.atMs), caption);
  if (share.poster === 'sky') return renderSky(sky(share.atMs, place), caption);
  return renderSunPath(shareSunPath(share, place), { ...caption, timeZone: share.timezone });
}

export async function initShareViewer(status: HTMLElement) {
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
  const answer = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const detail = (answer as { detail?: unknown } | null)?.detail;
    setState(
      'error',
      `Could not reach the API: it answered with status ${response.status}${typeof detail === 'string' ? ` (${detail})` : ''}. Try again shortly.`,
    );
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
  $('#share-details')!.textContent =
    `${share.location.name}: ${share.location.lat}°, ${share.location.lng}°; ` +
    `the instant ${new Date(share.atMs).toISOString().replace('.000Z', 'Z')}. This link expires ${share.expires_at}.`;
  // The same place, date and time in the observatory, to explore from there.
  const open = $<HTMLAnchorElement>('#share-open');
  if (open) {
    open.href = `/observatory/?${new URLSearchParams({ name: share.location.name, lat: String(share.location.lat), lng: String(share.location.lng), date: share.date, time: share.time, tz: share.timezone })}`;
    open.textContent = 'Open this view in the observatory';
  }
  setState('ready', 'Shared poster loaded.');
}
