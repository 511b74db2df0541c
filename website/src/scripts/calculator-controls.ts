/// <reference lib="dom" />
/**
 * The calculator form's controls beside its fields. The fold (issue 32, point 6: the answer on the first
 * screen of a phone): on a narrow screen (one column, the form above the answer) the filled form folds to
 * one line, its values in words ("London · 28 Nov 2026"), with an Edit button (aria-expanded) that opens
 * it; the help texts (`.help`: the fields' and the note on where the answer is computed) show or hide
 * behind one "Help for each field" button, and the API key box (for
 * developers) starts closed. A wide screen shows it all (the CSS reads the fold only on narrow screens),
 * and so does a page without JavaScript. The "Today"/"Now" buttons (beside date, local time and instant fields) and "Use my
 * location" buttons (beside coordinate pairs). Both are hidden in the built page and shown here, so a
 * page without JavaScript offers no button that does nothing. A filled field gets an `input` event, so
 * the page's answer follows it like typing. The current time is the visitor's clock; a date or local
 * time is the visitor's own wall clock, an instant is written in UTC. "Use my location" also sets the
 * pair's zone field (where the form has one) to the browser's own zone: the position is the visitor's,
 * so the answer is in the visitor's zone, not the example's (issue 32: a Berlin position answered in
 * America/New_York). The pair's place box then reads "Your location", with the nearest place of the
 * site's places pack when one is within 25 km.
 */

import { monthWords } from '../lib/plain-words.ts';
import { nearestPlace } from './places-pack.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** The current date, local date and time, or instant, as the field's control holds it. */
export function nowValue(kind: string, now = new Date()): string {
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  if (kind === 'date') return date;
  if (kind === 'local') return `${date}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
  return now.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const changed = (el: HTMLElement) => el.dispatchEvent(new Event('input', { bubbles: true }));

export function setUpNowAndHere(form: HTMLFormElement) {
  for (const button of form.querySelectorAll<HTMLButtonElement>('[data-now-for]')) {
    const field = form.querySelector<HTMLInputElement>(`#${CSS.escape(button.dataset.nowFor!)}`);
    if (!field) continue;
    const fill = () => {
      field.value = nowValue(button.dataset.nowKind!);
      field.removeAttribute('aria-invalid');
    };
    // `fill`: the page filling the field as it opens (it computes that answer itself).
    button.addEventListener('fill', fill);
    button.addEventListener('click', () => {
      fill();
      changed(field);
    });
    button.hidden = false;
  }

  for (const button of form.querySelectorAll<HTMLButtonElement>('[data-here]')) {
    if (!('geolocation' in navigator)) continue;
    const prefix = button.dataset.here!;
    const lat = form.querySelector<HTMLInputElement>(`[name="${CSS.escape(`${prefix}lat`)}"]`);
    const lon = form.querySelector<HTMLInputElement>(`[name="${CSS.escape(`${prefix}lon`)}"]`);
    const status = form.querySelector<HTMLElement>(`[data-here-status="${CSS.escape(prefix)}"]`);
    const zoneName = button.dataset.hereZone;
    const zone = zoneName ? form.querySelector<HTMLInputElement>(`[name="${CSS.escape(zoneName)}"]`) : null;
    if (!lat || !lon) continue;
    const say = (text: string) => {
      if (status) status.textContent = text;
    };
    button.addEventListener('click', () => {
      say('Asking the browser for your location…');
      button.disabled = true;
      navigator.geolocation.getCurrentPosition(
        ({ coords }) => {
          button.disabled = false;
          // 5 decimals: about a metre, more than a phone's fix is worth.
          lat.value = String(Number(coords.latitude.toFixed(5)));
          lon.value = String(Number(coords.longitude.toFixed(5)));
          changed(lat);
          changed(lon);
          // After the coordinates' events (which may empty a zone an earlier place choice filled).
          const ownZone = zone ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined;
          if (zone && ownZone) {
            zone.value = ownZone;
            zone.removeAttribute('aria-invalid');
            changed(zone);
          }
          say(`Your location, to about ${Math.round(coords.accuracy)} m${ownZone ? `; your time zone, ${ownZone}` : ''}.`);
          // The pair's place box names the position: the nearest place of the site's list, when one is near.
          const placeBox = form.querySelector<HTMLInputElement>(`[data-place-field="${CSS.escape(prefix)}"] [data-place-search]`);
          if (placeBox) {
            placeBox.value = 'Your location';
            void nearestPlace(coords.latitude, coords.longitude)
              .then((near) => {
                if (!near || placeBox.value !== 'Your location' || lat.value !== String(Number(coords.latitude.toFixed(5)))) return;
                placeBox.value = `Your location, near ${near.label}`;
                say(
                  `Your location (${near.km < 1 ? 'in' : `${Math.round(near.km)} km from`} ${near.label}), to about ${Math.round(coords.accuracy)} m${ownZone ? `; your time zone, ${ownZone}` : ''}.`,
                );
              })
              .catch(() => {}); // the box keeps "Your location"
          }
        },
        (error) => {
          button.disabled = false;
          say(
            error.code === error.PERMISSION_DENIED
              ? 'The browser did not share your location (refused). Type the latitude and longitude, or search a place.'
              : `Your location could not be found (${error.message || 'no fix'}). Type the latitude and longitude, or search a place.`,
          );
        },
        { timeout: 15_000, maximumAge: 300_000 },
      );
    });
    button.hidden = false;
  }
}

/** The one-column layout (website/src/styles/site.css: .calc-layout goes to two columns at 60rem). */
const NARROW = '(max-width: 59.99rem)';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A date, local time or instant as people write it (`28 Nov 2026`, `28 Nov 2026, 09:00`, `…, 12:09 UTC`); other text as it is. */
export function dateWords(value: string): string {
  const m = /^(\d{4})-(\d\d)-(\d\d)(?:T(\d\d:\d\d)(?::\d\d(?:\.\d+)?)?(Z)?)?$/.exec(value);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return value;
  return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]} ${m[1]}${m[4] ? `, ${m[4]}${m[5] ? ' UTC' : ''}` : ''}`;
}

/** A coordinate pair in words: `51.51° N, 0.13° W` (2 decimals, about a kilometre); unreadable values as typed. */
function positionWords(lat: string, lon: string): string {
  const [a, b] = [Number(lat), Number(lon)];
  if (lat === '' || lon === '' || !Number.isFinite(a) || !Number.isFinite(b)) return [lat, lon].filter(Boolean).join(', ');
  return `${Math.abs(a).toFixed(2)}° ${a < 0 ? 'S' : 'N'}, ${Math.abs(b).toFixed(2)}° ${b < 0 ? 'W' : 'E'}`;
}

/**
 * The form's values in words, one part a field, in form order: a place by its name (else its
 * coordinates), a select by its option's words, ticks by theirs, dates as people write them, a month
 * code by its month's name, a number with its unit (or its label), a list of participants by its count. Empty and default fields are left out.
 */
export function summaryOf(form: HTMLFormElement): string[] {
  const parts: string[] = [];
  const named = new Set<string>();
  const value = (name: string) => form.querySelector<HTMLInputElement>(`[name="${CSS.escape(name)}"]`)?.value.trim() ?? '';
  for (const box of form.querySelectorAll<HTMLElement>('[data-place-field], [data-field]')) {
    if (box.dataset.placeField !== undefined) {
      const place = box.querySelector<HTMLInputElement>('[data-place-search]')?.value.trim();
      if (place) {
        parts.push(place);
        named.add(box.dataset.placeField);
      }
      continue;
    }
    const name = box.dataset.field!;
    const pair = /^(.*)(lat|lon)$/.exec(name);
    if (pair && form.querySelector(`[name="${CSS.escape(`${pair[1]}lat`)}"]`) && form.querySelector(`[name="${CSS.escape(`${pair[1]}lon`)}"]`)) {
      if (pair[2] === 'lat' && !named.has(pair[1])) {
        const said = positionWords(value(`${pair[1]}lat`), value(`${pair[1]}lon`));
        if (said) parts.push(said);
      }
      continue;
    }
    const label = (box.querySelector('label, legend')?.firstChild?.textContent ?? name).trim();
    const ticks = [...box.querySelectorAll<HTMLInputElement>('input[type="checkbox"]:checked')];
    const control = box.querySelector<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(`[name="${CSS.escape(name)}"]`);
    if (ticks.length) parts.push(ticks.map((t) => t.parentElement?.textContent?.trim() ?? t.value).join(', '));
    if (!control || control.type === 'checkbox' || control.value.trim() === '') continue;
    const typed = control.value.trim();
    if (control instanceof HTMLSelectElement) parts.push(control.selectedOptions[0]?.textContent?.trim() ?? typed);
    else if (/^M\d\dL?$/.test(typed)) parts.push(monthWords(typed, value('calendar')).replace(/^month/, label.toLowerCase()));
    else if (control.dataset.kind === 'json') {
      let list: unknown;
      try {
        list = JSON.parse(typed);
      } catch {
        list = undefined;
      }
      if (Array.isArray(list)) parts.push(`${list.length} ${label.toLowerCase()}`);
    } else if (control.dataset.kind === 'number') {
      const unit = box.querySelector('.unit')?.textContent?.trim();
      parts.push(unit ? `${typed}${unit === '°' ? '' : ' '}${unit}` : `${label.toLowerCase()} ${typed}`);
    } else parts.push(dateWords(typed));
  }
  return parts;
}

export interface Fold {
  /** Folds the form to its summary on a narrow screen (and then, with `focus`, moves focus to its Edit button). */
  collapse(focus?: boolean): void;
}

export function setUpFold(form: HTMLFormElement): Fold {
  const bar = form.querySelector<HTMLElement>('[data-form-summary]');
  const text = form.querySelector<HTMLElement>('[data-form-summary-text]');
  const edit = form.querySelector<HTMLButtonElement>('[data-form-edit]');
  const narrow = matchMedia(NARROW);
  const helpToggle = form.querySelector<HTMLButtonElement>('[data-help-toggle]');
  if (helpToggle) {
    const showHelp = (shown: boolean) => {
      form.dataset.help = shown ? 'shown' : 'hidden';
      helpToggle.setAttribute('aria-expanded', String(shown));
    };
    showHelp(!narrow.matches);
    helpToggle.addEventListener('click', () => showHelp(form.dataset.help !== 'shown'));
    helpToggle.hidden = false;
  }
  const keyBox = form.querySelector<HTMLDetailsElement>('details[data-api-key-box]');
  if (keyBox && narrow.matches && !keyBox.querySelector<HTMLInputElement>('[data-api-key]')?.value) keyBox.open = false;
  if (!bar || !text || !edit) return { collapse() {} };

  const update = () => {
    text.textContent = summaryOf(form).join(' · ') || 'The inputs as given';
  };
  const open = (shown: boolean) => {
    form.dataset.fold = shown ? 'open' : 'closed';
    edit.setAttribute('aria-expanded', String(shown));
  };
  edit.addEventListener('click', () => open(form.dataset.fold === 'closed'));
  // Typing, the page's own fills (an address, today) and each answer keep the line true.
  for (const type of ['input', 'change', 'calculator:result', 'calculator:reset']) form.addEventListener(type, update);
  update();
  // The page folds a narrow screen's form before its first paint (the inline script in [slug].astro): kept so.
  open(!(narrow.matches && form.dataset.fold === 'closed'));
  bar.hidden = false;
  return {
    collapse(focus = false) {
      if (!narrow.matches) return;
      // A field the answer refused stays in view, with its message.
      if (form.dataset.state === 'invalid' || form.querySelector('[aria-invalid]:not([aria-invalid="false"])')) return open(true);
      update();
      open(false);
      if (focus) edit.focus();
    },
  };
}
