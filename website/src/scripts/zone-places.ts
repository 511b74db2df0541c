/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * Time-zone fields by city name, without the API: as the visitor types a name into a zone field
 * (`London`), the field's list offers the zones of the places the site's places pack gives for it
 * (`Europe/London`, "London, England, United Kingdom"), beside the IANA names; and a name left in a
 * zone field is read, when the page computes, as the zone of the pack's best match for it (the page
 * then answers for that zone, as the API answers for the place's zone). Names the engine reads as zones
 * (IANA names, abbreviations, offsets, Windows IDs, country codes) are left as they are.
 */
import { loadZoneNames } from '../../../engine/browser/index.ts';
import { withPageData } from './page-engine.ts';
import { placeLabel, zoneOfPlaceName, findPlaces } from './places-pack.ts';

const isZoneKey = (key: string) => key.endsWith('timezone');

/** The zone of the pack's best match for a place name; undefined when it has none (or cannot be fetched). */
const zoneFor = async (name: string): Promise<string | undefined> => (await zoneOfPlaceName(name.trim()).catch(() => undefined))?.zone;

/**
 * The inputs with every zone given as a place name (`timezone=London`, a participant's `"timezone":
 * "Tokyo"`) replaced by the zone of the pack's best match; the same object when there is none.
 */
export async function zonesOfPlaceNames(params: URLSearchParams): Promise<URLSearchParams> {
  const zoneValues = [...params].filter(([k, v]) => (isZoneKey(k) || k === 'participants') && v.trim());
  if (!zoneValues.length) return params;
  const { resolveZone, zoneInputProblem } = await loadZoneNames();
  const read = (z: string) => withPageData(() => Boolean(resolveZone(z) || zoneInputProblem(z)));
  const known = new Map<string, boolean>();
  const reads = async (z: string) => {
    if (!known.has(z)) known.set(z, await read(z));
    return known.get(z)!;
  };
  let changed = false;
  const out = new URLSearchParams();
  for (const [key, value] of params) {
    if (isZoneKey(key)) {
      const zone = (await reads(value.trim())) ? undefined : await zoneFor(value);
      if (zone) changed = true;
      out.append(key, zone ?? value);
    } else if (key === 'participants') {
      out.append(key, await participantZones(value, reads, () => (changed = true)));
    } else out.append(key, value);
  }
  return changed ? out : params;
}

/** A participants list (JSON) with each zone given as a place name replaced by its zone; the text as given when it is no list. */
async function participantZones(json: string, reads: (z: string) => Promise<boolean>, changed: () => void): Promise<string> {
  let list: unknown;
  try {
    list = JSON.parse(json);
  } catch {
    return json;
  }
  if (!Array.isArray(list)) return json;
  let any = false;
  for (const p of list as { timezone?: unknown }[]) {
    if (typeof p !== 'object' || p === null || typeof p.timezone !== 'string' || !p.timezone.trim() || (await reads(p.timezone.trim()))) continue;
    const zone = await zoneFor(p.timezone);
    if (zone) {
      p.timezone = zone;
      any = true;
    }
  }
  if (!any) return json;
  changed();
  return JSON.stringify(list);
}

const DEBOUNCE_MS = 200;

/**
 * A zone field's list (`<datalist id="zone-names">`, shared by the form's zone fields) offers, first,
 * the zones of the places the typed text names: `Europe/London` labelled "London, England, United Kingdom".
 */
export function setUpZoneSuggestions(root: ParentNode): void {
  const list = document.getElementById('zone-names');
  if (!list) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = 0;
  root.addEventListener('input', (event) => {
    const field = event.target as HTMLInputElement;
    if (!(field instanceof HTMLInputElement) || field.getAttribute('list') !== 'zone-names') return;
    clearTimeout(timer);
    const turn = ++asked;
    timer = setTimeout(async () => {
      const text = field.value.trim();
      const places = text.length >= 2 && !text.includes('/') ? await findPlaces(text, 5).catch(() => []) : [];
      if (turn !== asked) return;
      for (const old of list.querySelectorAll('option[data-place]')) old.remove();
      const options = places.map((p) => {
        // The label holds what was typed too, so the browser's list (which matches value or label) shows it.
        const label = placeLabel(p);
        const option = new Option(label.toLowerCase().includes(text.toLowerCase()) ? label : `${label} (${text})`, p.timezone);
        option.dataset.place = '';
        return option;
      });
      list.prepend(...options);
    }, DEBOUNCE_MS);
  });
}
