/// <reference lib="dom" />
/**
 * The time-zone converter's several places in the page: the form's answer (its `calculator:result` event)
 * in its own target zone, and the same source time converted by the tool once for each zone of the
 * visitor's list (rows added and removed here, kept in localStorage); back to the page's built answer
 * (the build's minute in London, or the worked example: the part's first words say which) on
 * `calculator:reset`. A city is read as the zone named after it (the page's list of zone names), else as
 * the zone of the places pack's best match for it (./places-pack.ts). A zone the answer shows already (its
 * source or target) gets no row of its own.
 */
import { type ConvertAnswer, renderTargets, type TargetRow, zoneForCity } from '../lib/converter-targets.ts';
import { runPageTool } from './part-tool.ts';
import { zoneOfPlaceName } from './places-pack.ts';

const STORE = 'converter-places';
const root = document.querySelector<HTMLElement>('[data-converter-places]');
if (root) setUp(root);

function setUp(root: HTMLElement) {
  const status = root.querySelector<HTMLElement>('[data-part-status]')!;
  const body = root.querySelector<HTMLElement>('[data-part-body]')!;
  const editor = root.querySelector<HTMLElement>('[data-places-editor]')!;
  const list = editor.querySelector<HTMLOListElement>('[data-place-rows]')!;
  const add = editor.querySelector<HTMLButtonElement>('[data-add-place]')!;
  const opening = JSON.parse(root.dataset.built ?? '{}') as { input: Record<string, unknown>; result: ConvertAnswer };
  const built = { status: status.textContent ?? '', body: body.innerHTML };
  const zones = [...document.querySelectorAll<HTMLOptionElement>('#zone-names option')].map((o) => o.value);

  const stored = (() => {
    try {
      const v = JSON.parse(localStorage.getItem(STORE) ?? 'null') as unknown;
      return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined;
    } catch {
      return undefined;
    }
  })();
  let places: string[] = stored ?? (JSON.parse(root.dataset.defaults ?? '[]') as string[]);
  let current = opening;
  let fromBuild = true;
  let latest = 0;
  let serial = 0;

  const save = () => {
    try {
      localStorage.setItem(STORE, JSON.stringify(places));
    } catch {
      /* private mode: the list lasts as long as the page */
    }
  };

  async function draw() {
    const ticket = ++latest;
    const { result } = current;
    const rows: TargetRow[] = [{ typed: String(current.input.target_timezone ?? ''), answer: result }];
    root.setAttribute('aria-busy', 'true');
    for (const typed of places.filter((p) => p.trim())) {
      const zone = zoneForCity(typed, zones) ?? typed.trim();
      // A place the answer shows already (the visitor's own zone as the source: Tokyo for a Tokyo visitor)
      // gets no second row, as the build leaves out London, its source.
      if (zone === result.source.timezone || zone === result.target.timezone) continue;
      const convert = async (target: string) =>
        (await runPageTool('convert_time', {
          time: result.source.local_time.slice(0, 19),
          source_timezone: result.source.timezone,
          target_timezone: target,
        })) as unknown as ConvertAnswer;
      try {
        rows.push({ typed, answer: await convert(zone) });
      } catch (error) {
        // A city the zone names do not read (München, São Paulo): the zone of the places pack's best match.
        const place = await zoneOfPlaceName(typed).catch(() => undefined);
        const answer = place ? await convert(place.zone).catch(() => undefined) : undefined;
        rows.push(
          answer ? { typed, answer } : { typed, problem: `Not a time zone this page reads: ${(error as Error).message.replace(/^target_timezone /, '')}` },
        );
      }
    }
    if (ticket !== latest) return;
    body.innerHTML = renderTargets(rows);
    status.textContent = fromBuild ? `${built.status.replace(/\.$/, '')}, with your places.` : 'For your inputs.';
    root.removeAttribute('aria-busy');
    root.dataset.drawn = fromBuild ? 'built' : 'answer';
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void draw(), 300);
  };

  const row = (value: string, i: number): HTMLLIElement => {
    const id = `converter-place-${++serial}`;
    const li = document.createElement('li');
    const box = document.createElement('div');
    box.className = 'field';
    const label = Object.assign(document.createElement('label'), { htmlFor: id, textContent: `Place ${i + 1}: time zone or city` });
    const input = Object.assign(document.createElement('input'), {
      type: 'text',
      id,
      value,
      autocomplete: 'off',
      spellcheck: false,
      placeholder: 'e.g. Asia/Tokyo or Tokyo',
    });
    input.setAttribute('list', 'zone-names');
    input.dataset.placeInput = '';
    input.addEventListener('input', () => {
      places[i] = input.value;
      save();
      later();
    });
    box.append(label, input);
    const remove = Object.assign(document.createElement('button'), { type: 'button', className: 'secondary', textContent: 'Remove' });
    remove.setAttribute('aria-label', `Remove place ${i + 1}${value ? ` (${value})` : ''}`);
    remove.addEventListener('click', () => {
      places.splice(i, 1);
      save();
      rows();
      void draw();
      (list.querySelector<HTMLInputElement>('input') ?? add).focus();
    });
    li.append(box, remove);
    return li;
  };
  const rows = () => list.replaceChildren(...places.map(row));

  add.addEventListener('click', () => {
    places = [...places, ''];
    save();
    rows();
    list.querySelector<HTMLInputElement>('li:last-child input')?.focus();
  });
  document.addEventListener('calculator:result', (event) => {
    const detail = (event as CustomEvent<{ input: Record<string, unknown>; result: ConvertAnswer }>).detail;
    if (!detail?.result?.source || !detail.result.target) return;
    current = detail;
    fromBuild = false;
    void draw();
  });
  document.addEventListener('calculator:reset', () => {
    current = opening;
    fromBuild = true;
    if (stored === undefined && !localStorage.getItem(STORE)) {
      body.innerHTML = built.body;
      status.textContent = built.status;
      root.dataset.drawn = 'built';
    } else void draw();
  });
  rows();
  editor.hidden = false;
  // A list kept from an earlier visit: the built answer's time in those places.
  if (stored) void draw();
  root.dataset.ready = 'true';
}
