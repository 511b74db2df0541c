/**
 * Eclipses' part of its page: the eclipses of the answer as a list people read, each with its type, greatest
 * eclipse and magnitude, and, when the form gave a place, how it is seen there (the local type, whether it
 * is seen in full or begins or ends below the horizon, the local times of its contacts with the Sun's or
 * Moon's altitude at each and whether it is up, the magnitude and the covered fraction of the Sun, the
 * altitude at peak), as the eclipses tool answers them. It only words the answer: nothing is computed here.
 */
import { escapeHtml, whenText } from './tool-parts.ts';

/** `3 min 56 s` between two engine times; '' when either is missing. */
function lasting(from: Time, to: Time): string {
  if (!from || !to) return '';
  const s = Math.round((Date.parse(to) - Date.parse(from)) / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
}

type Time = string | null | undefined;

export interface EclipseAnswer {
  kind: 'solar' | 'lunar';
  after: string;
  note?: string;
  eclipses: {
    kind: 'solar' | 'lunar';
    type: string;
    peak: string;
    magnitude: number;
    penumbral_begin?: Time;
    partial_begin?: Time;
    total_begin?: Time;
    total_end?: Time;
    partial_end?: Time;
    penumbral_end?: Time;
    local: {
      type: string;
      partial_begin: Time;
      total_begin: Time;
      peak: string;
      total_end: Time;
      partial_end: Time;
      magnitude: number;
      obscuration_fraction?: number;
      altitude_deg: number;
      visibility?: string;
      contacts?: { contact: string; time: string; altitude_deg: number; visible: boolean }[];
    } | null;
  }[];
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** How the place sees it, after "Seen from the place as a … eclipse": '' when the answer does not say. */
function seenWords(visibility: string | undefined, body: string): string {
  const words: Record<string, string> = {
    full: `seen in full, ${body} above the horizon throughout`,
    begins_below_horizon: `it begins before ${body} rises`,
    ends_below_horizon: `it ends after ${body} sets`,
    begins_and_ends_below_horizon: `it begins before ${body} rises and ends after it sets`,
    interrupted: `${body} sets and rises again during it`,
  };
  return visibility && words[visibility] ? ` (${words[visibility]})` : '';
}

const CONTACT_WORDS: Record<string, string> = {
  penumbral_begin: 'Penumbral eclipse begins',
  partial_begin: 'Partial eclipse begins',
  total_begin: 'Total eclipse begins',
  peak: 'Greatest eclipse here',
  total_end: 'Total eclipse ends',
  partial_end: 'Partial eclipse ends',
  penumbral_end: 'Penumbral eclipse ends',
};

/** The local contacts with the body's altitude at each, those below the horizon said so in words. */
function seenContacts(
  rows: { contact: string; time: string; altitude_deg: number; visible: boolean }[],
  annular: boolean,
  body: string,
  eclipse: string,
): string {
  if (!rows.length) return '';
  const name = (c: string) => (annular ? CONTACT_WORDS[c].replace('Total', 'Annular') : (CONTACT_WORDS[c] ?? c));
  const body_ = rows
    .map(
      (r) =>
        `<tr${r.visible ? '' : ' class="below-horizon"'}><th scope="row">${escapeHtml(name(r.contact))}</th>` +
        `<td><time datetime="${escapeHtml(r.time)}">${escapeHtml(whenText(r.time, true))}</time></td>` +
        `<td>${r.altitude_deg.toFixed(1)}°${r.visible ? '' : ' (below the horizon)'}</td></tr>`,
    )
    .join('');
  return `<section class="table-scroll" tabindex="0" aria-label="Contacts of the ${eclipse} (scrolls sideways when narrow)"><table class="eclipse-contacts"><caption>Local times at the place</caption><thead><tr><th scope="col">Contact</th><th scope="col">Time</th><th scope="col">Altitude of ${body}</th></tr></thead><tbody>${body_}</tbody></table></section>`;
}

/** The rows of a contact table: each contact that happens, with its time as people read it. */
function contacts(rows: [string, Time][], caption: string, name: string): string {
  const present = rows.filter(([, t]) => t);
  if (!present.length) return '';
  const body = present
    .map(([name, t]) => `<tr><th scope="row">${name}</th><td><time datetime="${escapeHtml(t!)}">${escapeHtml(whenText(t!, true))}</time></td></tr>`)
    .join('');
  return `<section class="table-scroll" tabindex="0" aria-label="Contacts of the ${name} (scrolls sideways when narrow)"><table class="eclipse-contacts"><caption>${caption}</caption><thead><tr><th scope="col">Contact</th><th scope="col">Time</th></tr></thead><tbody>${body}</tbody></table></section>`;
}

/** The list, or a sentence when the answer has no eclipse; `place` says whether the form gave one; `level` of each eclipse's heading. */
export function renderEclipseList(answer: EclipseAnswer, place: boolean, level = 3): string {
  const note = answer.note ? `<p class="eclipse-note">${escapeHtml(answer.note)}</p>` : '';
  if (!answer.eclipses.length)
    return `<p>No ${escapeHtml(answer.kind)} eclipse found after ${escapeHtml(answer.after)}${place ? ' that is seen from the place' : ''}.</p>${note}`;
  const items = answer.eclipses.map((e, i) => {
    const title = `${capital(escapeHtml(e.type))} ${escapeHtml(e.kind)} eclipse, ${escapeHtml(e.peak.slice(0, 10))}`;
    // Each table's region named after its eclipse: a page lists several, and landmarks' names are unique.
    const name = `${escapeHtml(e.type)} ${escapeHtml(e.kind)} eclipse of ${escapeHtml(e.peak.slice(0, 10))}`;
    const global = `<p>Greatest eclipse at ${escapeHtml(whenText(e.peak))}, magnitude ${e.magnitude.toFixed(3)}${e.kind === 'lunar' ? (e.type === 'penumbral' ? ' (penumbral)' : ' (umbral)') : ''}.</p>`;
    const l = e.local;
    let seen: string;
    if (l) {
      const covered =
        l.obscuration_fraction === undefined ? '' : `, ${(Math.round(l.obscuration_fraction * 1000) / 10).toFixed(1)} % of the Sun’s disc covered`;
      const body = e.kind === 'solar' ? 'the Sun' : 'the Moon';
      const degrees = Math.round(Math.abs(l.altitude_deg));
      const peakAltitude = degrees === 0 ? 'on' : `${degrees}° ${l.altitude_deg > 0 ? 'above' : 'below'}`;
      seen =
        `<p class="eclipse-seen" data-seen="true" data-visibility="${escapeHtml(l.visibility ?? '')}"><strong>Seen from the place</strong> as ${article(l.type)} ${escapeHtml(l.type)} eclipse${seenWords(l.visibility, body)}: magnitude ${l.magnitude.toFixed(3)}${covered}, ` +
        `greatest at ${escapeHtml(whenText(l.peak).slice(11))}, ${body} ${peakAltitude} the horizon` +
        (lasting(l.total_begin, l.total_end) ? `; ${l.type === 'annular' ? 'the ring' : 'totality'} lasts ${lasting(l.total_begin, l.total_end)}` : '') +
        '.</p>' +
        (l.contacts ? seenContacts(l.contacts, e.kind === 'solar' && l.type === 'annular', body, name) : '') +
        (l.contacts
          ? ''
          : contacts(
              [
                ['Partial eclipse begins', l.partial_begin],
                [e.kind === 'solar' && l.type === 'annular' ? 'Annular eclipse begins' : 'Total eclipse begins', l.total_begin],
                ['Greatest eclipse here', l.peak],
                [e.kind === 'solar' && l.type === 'annular' ? 'Annular eclipse ends' : 'Total eclipse ends', l.total_end],
                ['Partial eclipse ends', l.partial_end],
              ],
              'Local times at the place',
              name,
            ));
    } else {
      seen =
        (place
          ? `<p class="eclipse-seen" data-seen="false"><strong>Not seen from the place</strong>${e.kind === 'solar' ? ' (outside the Moon’s shadow there, or the Sun below the horizon)' : ' (the Moon below the horizon there at its peak)'}.</p>`
          : '<p class="eclipse-seen" data-seen="unknown">No place given: choose a place for how it is seen there, in local time.</p>') +
        (e.kind === 'lunar'
          ? contacts(
              [
                ['Penumbral eclipse begins', e.penumbral_begin],
                ['Partial eclipse begins', e.partial_begin],
                ['Total eclipse begins', e.total_begin],
                ['Total eclipse ends', e.total_end],
                ['Partial eclipse ends', e.partial_end],
                ['Penumbral eclipse ends', e.penumbral_end],
              ],
              'Contacts (UTC), seen wherever the Moon is up',
              name,
            )
          : '');
    }
    return `<li data-eclipse="${i}"><h${level}>${title}</h${level}>${global}${seen}</li>`;
  });
  return `<ol class="eclipse-list">${items.join('')}</ol>${note}`;
}

// ----- the next eclipses worldwide, each as seen from the place ---------------------------------------

/** Eclipses of one kind are weeks apart: a place's entry is the worldwide one whose peak is within 2 days. */
const SAME_ECLIPSE_MS = 2 * 86_400_000;

/**
 * The worldwide list with each eclipse's local circumstances from the place's list (the tool asked with the
 * place lists only those seen there, in time order): an eclipse it does not list is not seen there. The
 * place's list reaches at least as far as the worldwide one (as many eclipses, each of them one of the
 * worldwide ones) unless the place's search stopped short, which is said in its note.
 */
export function seenFromPlace(world: EclipseAnswer, place: EclipseAnswer): EclipseAnswer {
  return {
    ...world,
    eclipses: world.eclipses.map((e) => {
      const here = place.eclipses.find((p) => Math.abs(Date.parse(p.peak) - Date.parse(e.peak)) < SAME_ECLIPSE_MS);
      return { ...e, local: here?.local ?? null };
    }),
  };
}

/** What the part needs from the form: the date searched from, how many, and the place with its zone. */
export interface EclipseRequest {
  kind: 'solar' | 'lunar';
  after: string;
  count: number;
  /** lat, lon and timezone when the form gave a place (timezone undefined: only the answer's own kind is known). */
  place?: { lat: number; lon: number; timezone?: string };
}

/** The tool, run by the build or the page. */
export type RunEclipses = (input: Record<string, unknown>) => Promise<EclipseAnswer>;

/**
 * The part: the next `count` eclipses worldwide of the form's kind, then of the other kind, each with
 * whether and how it is seen from the place. `answer` is the tool's answer to the form (with the place
 * when there is one); the rest is asked of the tool.
 */
export async function renderWorldEclipses(request: EclipseRequest, answer: EclipseAnswer, run: RunEclipses): Promise<string> {
  const sections: string[] = [];
  for (const kind of [request.kind, request.kind === 'solar' ? 'lunar' : 'solar'] as const) {
    const world = await run({ kind, after: request.after, count: request.count });
    let list = world;
    let missing = '';
    if (request.place) {
      const { lat, lon, timezone } = request.place;
      const here = kind === request.kind ? answer : timezone ? await run({ kind, after: request.after, count: request.count, lat, lon, timezone }) : null;
      if (here) list = { ...seenFromPlace(world, here), note: here.note ?? world.note };
      else missing = `<p class="eclipse-note">Give the place's time zone to see how ${kind} eclipses are seen there.</p>`;
    }
    const n = world.eclipses.length;
    sections.push(
      `<div class="eclipse-kind" data-eclipse-kind="${kind}"><h3>The next ${n === 1 ? '' : `${n} `}${kind} eclipse${n === 1 ? '' : 's'} worldwide</h3>${missing}` +
        renderEclipseList(list, Boolean(request.place) && !missing, 4) +
        '</div>',
    );
  }
  return sections.join('');
}
