/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The calculator form's place fields: a combobox per coordinate pair (`[data-place-field]`, its prefix
 * `''`, `from_` or `to_`) that lists matches from the site's places pack (./places-pack.ts: the most
 * populous places and every capital, by their own and common names, no API and no key) as the visitor
 * types (2+ characters, debounced) and, on a choice, fills the pair's lat and lon (and the zone field the
 * page names) with the place's, as the API's place search gives them.
 *
 * A pair holds one form at a time, so a form never sends both: typing a name empties the pair's
 * coordinates (and a zone an earlier choice filled), typing coordinates empties the name.
 */
import type { FieldError } from '../../../engine/browser/index.ts';
import { findPlaces, placeLabel, type PackFound } from './places-pack.ts';

type Found = PackFound;

/** Matches, or why there are none to show (the pack could not be fetched). */
type Search = { places: Found[] } | { message: string; state: 'error' };

export interface PlaceSearch {
  /** Names typed but not chosen, looked up (best match) for a form that computes in the page; errors for those that fail. */
  resolvePending(): Promise<FieldError[]>;
  /** Forgets the choices and empties the names no address carries (the form was filled from a permalink or the history). */
  clear(): void;
}

const DEBOUNCE_MS = 200;
const LIMIT = 6;

const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
/** `Springfield, Illinois, United States` */
const labelOf = placeLabel;

export function setUpPlaceSearch(form: HTMLFormElement): PlaceSearch {
  /** The pack's matches for `q`. */
  async function search(q: string, limit: number): Promise<Search> {
    try {
      return { places: await findPlaces(q, limit) };
    } catch (error) {
      return { state: 'error', message: `The place names could not be loaded (${(error as Error).message}): type the latitude and longitude.` };
    }
  }

  const fields = [...form.querySelectorAll<HTMLElement>('[data-place-field]')].map((box) => {
    const prefix = box.dataset.placeField ?? '';
    const input = box.querySelector<HTMLInputElement>('[data-place-search]')!;
    const list = box.querySelector<HTMLUListElement>('[role="listbox"]')!;
    const status = box.querySelector<HTMLElement>('[data-place-status]')!;
    const lat = form.querySelector<HTMLInputElement>(`[name="${prefix}lat"]`)!;
    const lon = form.querySelector<HTMLInputElement>(`[name="${prefix}lon"]`)!;
    const zone = box.dataset.zoneField ? form.querySelector<HTMLInputElement>(`[name="${box.dataset.zoneField}"]`) : null;
    let found: Found[] = [];
    let active = -1;
    let chosen = false;
    let zoneFilled: string | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asked = 0;

    const say = (state: string, text: string) => {
      box.dataset.state = state;
      status.textContent = text;
    };
    const close = () => {
      list.hidden = true;
      input.setAttribute('aria-expanded', 'false');
      input.removeAttribute('aria-activedescendant');
      active = -1;
    };
    const highlight = (i: number) => {
      active = i;
      for (const [j, li] of [...list.children].entries()) li.setAttribute('aria-selected', String(j === i));
      if (i < 0) input.removeAttribute('aria-activedescendant');
      else {
        input.setAttribute('aria-activedescendant', `${list.id}-${i}`);
        list.children[i]?.scrollIntoView({ block: 'nearest' });
      }
    };
    const show = (places: Found[], q: string) => {
      found = places;
      list.replaceChildren(
        ...places.map((p, i) => {
          const li = document.createElement('li');
          li.id = `${list.id}-${i}`;
          li.setAttribute('role', 'option');
          li.setAttribute('aria-selected', 'false');
          const name = Object.assign(document.createElement('strong'), { textContent: p.name });
          const where = [p.admin1, p.country_name].filter((x) => x && x !== p.name).join(', ');
          li.append(name, `${where ? `, ${where}` : ''} · population ${grouped(p.population)}`);
          li.addEventListener('mousedown', (event) => event.preventDefault()); // the input keeps the focus
          li.addEventListener('click', () => choose(i));
          return li;
        }),
      );
      if (places.length === 0) {
        close();
        say(
          'none',
          `No place in the site's list matches “${q}” (the 25,000 largest places and every capital): try another spelling, or type the latitude and longitude.`,
        );
        return;
      }
      list.hidden = false;
      input.setAttribute('aria-expanded', 'true');
      highlight(-1);
      say('listed', `${places.length === 1 ? '1 place matches' : `${places.length} places match`}: arrow keys and Enter, or click one.`);
    };
    const choose = (i: number) => {
      const p = found[i];
      if (!p) return;
      input.value = labelOf(p);
      lat.value = String(p.lat);
      lon.value = String(p.lon);
      for (const el of [input, lat, lon]) el.removeAttribute('aria-invalid');
      if (zone) {
        zone.value = zoneFilled = p.timezone;
        zone.removeAttribute('aria-invalid');
      }
      chosen = true;
      close();
      say('chosen', `${labelOf(p)}: latitude ${p.lat}, longitude ${p.lon}${zone ? `, time zone ${p.timezone}` : ''}.`);
      lat.dispatchEvent(new Event('change', { bubbles: true })); // a page computing as the visitor types follows the choice
    };
    const lookUp = async () => {
      const q = input.value.trim();
      const turn = ++asked;
      if (q.length < 2) {
        close();
        say('idle', q ? 'Type at least 2 letters.' : '');
        return;
      }
      say('searching', 'Searching places…');
      const answer = await search(q, LIMIT);
      if (turn !== asked || chosen) return; // typed on, or chose meanwhile
      if ('message' in answer) {
        close();
        say(answer.state, answer.message);
      } else show(answer.places, q);
    };

    input.addEventListener('input', () => {
      chosen = false;
      asked++; // an answer on its way is for an older text
      // The name is the pair's form now: the coordinates (and a zone a choice filled) no longer apply.
      lat.value = lon.value = '';
      if (zone && zone.value === zoneFilled) zone.value = '';
      zoneFilled = undefined;
      clearTimeout(timer);
      timer = setTimeout(() => void lookUp(), DEBOUNCE_MS);
    });
    input.addEventListener('focus', () => {
      if (!chosen && input.value.trim().length >= 2 && box.dataset.state !== 'listed') void lookUp();
    });
    input.addEventListener('keydown', (event) => {
      const open = !list.hidden && found.length > 0;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        if (!open) {
          if (found.length && !chosen) {
            list.hidden = false;
            input.setAttribute('aria-expanded', 'true');
          } else return;
        }
        event.preventDefault();
        const n = found.length;
        if (event.key === 'ArrowDown') highlight(active < 0 ? 0 : (active + 1) % n);
        else highlight(active < 0 ? n - 1 : (active - 1 + n) % n);
      } else if (event.key === 'Enter' && open) {
        event.preventDefault(); // chooses; a second Enter submits
        choose(Math.max(active, 0));
      } else if (event.key === 'Escape' && open) {
        event.preventDefault();
        close();
      }
    });
    input.addEventListener('blur', close);
    for (const coordinate of [lat, lon]) {
      coordinate.addEventListener('input', () => {
        // Coordinates typed by hand are the pair's form now: the name no longer applies.
        if (!input.value) return;
        input.value = '';
        chosen = false;
        close();
        say('idle', '');
      });
    }

    return {
      prefix,
      async resolve(): Promise<FieldError | undefined> {
        const q = input.value.trim();
        if (!q || chosen || lat.value.trim() || lon.value.trim()) return undefined;
        input.removeAttribute('aria-invalid');
        const answer: Search = q.length < 2 ? { state: 'error', message: 'Type at least 2 letters.' } : await search(q, LIMIT);
        if ('places' in answer && answer.places.length) {
          found = answer.places;
          choose(0);
          return undefined;
        }
        input.setAttribute('aria-invalid', 'true');
        if ('places' in answer) {
          say('none', `No place in the site's list matches “${q}” (the 25,000 largest places and every capital).`);
          return { field: `${prefix}place`, message: 'matches no place in the list: try another spelling, or type the latitude and longitude' };
        }
        say(answer.state, answer.message);
        return { field: `${prefix}place`, message: `is not looked up: ${answer.message[0].toLowerCase()}${answer.message.slice(1, -1)}` };
      },
      clear() {
        if (!input.name) input.value = ''; // a named field is the form's: the address filled it
        chosen = false;
        close();
        say('idle', '');
      },
    };
  });

  return {
    async resolvePending() {
      const errors = await Promise.all(fields.map((f) => f.resolve()));
      return errors.filter((e): e is FieldError => e !== undefined);
    },
    clear() {
      for (const f of fields) f.clear();
    },
  };
}
