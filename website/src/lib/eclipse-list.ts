/**
 * Eclipses' part of its page: the eclipses of the answer as a list people read, each with its type, greatest
 * eclipse and magnitude, and, when the form gave a place, how it is seen there (the local type, the local
 * times of its contacts, the magnitude and the covered fraction of the Sun, the altitude at peak), as the
 * eclipses tool answers them. It only words the answer: nothing is computed here.
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
    } | null;
  }[];
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The rows of a contact table: each contact that happens, with its time as people read it. */
function contacts(rows: [string, Time][], caption: string): string {
  const present = rows.filter(([, t]) => t);
  if (!present.length) return '';
  const body = present
    .map(([name, t]) => `<tr><th scope="row">${name}</th><td><time datetime="${escapeHtml(t!)}">${escapeHtml(whenText(t!, true))}</time></td></tr>`)
    .join('');
  return `<section class="table-scroll" tabindex="0" aria-label="Eclipse contacts (scrolls sideways when narrow)"><table class="eclipse-contacts"><caption>${caption}</caption><thead><tr><th scope="col">Contact</th><th scope="col">Time</th></tr></thead><tbody>${body}</tbody></table></section>`;
}

/** The list, or a sentence when the answer has no eclipse; `place` says whether the form gave one. */
export function renderEclipseList(answer: EclipseAnswer, place: boolean): string {
  const note = answer.note ? `<p class="eclipse-note">${escapeHtml(answer.note)}</p>` : '';
  if (!answer.eclipses.length)
    return `<p>No ${escapeHtml(answer.kind)} eclipse found after ${escapeHtml(answer.after)}${place ? ' that is seen from the place' : ''}.</p>${note}`;
  const items = answer.eclipses.map((e, i) => {
    const title = `${capital(escapeHtml(e.type))} ${escapeHtml(e.kind)} eclipse, ${escapeHtml(e.peak.slice(0, 10))}`;
    const global = `<p>Greatest eclipse at ${escapeHtml(whenText(e.peak))}, magnitude ${e.magnitude.toFixed(3)}${e.kind === 'lunar' ? (e.type === 'penumbral' ? ' (penumbral)' : ' (umbral)') : ''}.</p>`;
    const l = e.local;
    let seen: string;
    if (l) {
      const covered =
        l.obscuration_fraction === undefined ? '' : `, ${(Math.round(l.obscuration_fraction * 1000) / 10).toFixed(1)} % of the Sun’s disc covered`;
      const body = e.kind === 'solar' ? 'the Sun' : 'the Moon';
      seen =
        `<p class="eclipse-seen" data-seen="true"><strong>Seen from the place</strong> as ${article(l.type)} ${escapeHtml(l.type)} eclipse: magnitude ${l.magnitude.toFixed(3)}${covered}, ` +
        `${body} ${Math.round(l.altitude_deg)}° above the horizon at its peak` +
        (lasting(l.total_begin, l.total_end) ? `; ${l.type === 'annular' ? 'the ring' : 'totality'} lasts ${lasting(l.total_begin, l.total_end)}` : '') +
        '.</p>' +
        contacts(
          [
            ['Partial eclipse begins', l.partial_begin],
            [e.kind === 'solar' && l.type === 'annular' ? 'Annular eclipse begins' : 'Total eclipse begins', l.total_begin],
            ['Greatest eclipse here', l.peak],
            [e.kind === 'solar' && l.type === 'annular' ? 'Annular eclipse ends' : 'Total eclipse ends', l.total_end],
            ['Partial eclipse ends', l.partial_end],
          ],
          'Local times at the place',
        );
    } else {
      seen =
        `<p class="eclipse-seen" data-seen="unknown">${place ? 'Not seen from the place.' : 'No place given: give lat and lon (or a place) for how it is seen there, in local times.'}</p>` +
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
            )
          : '');
    }
    return `<li data-eclipse="${i}"><h3>${title}</h3>${global}${seen}</li>`;
  });
  return `<ol class="eclipse-list">${items.join('')}</ol>${note}`;
}
