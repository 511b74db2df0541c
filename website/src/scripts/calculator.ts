/**
 * The calculator form. For tools that run in a browser it reads the inputs exactly as the API reads a
 * query string (queryReader, service/query.ts), validates them with the tool's own schema and runs the
 * tool's own code; for the others it writes the curl command and MCP call for the inputs, and, when the
 * visitor gives an API key, asks the live API. Either way the address becomes the permalink
 * (`?start=…&end=…`, the tool's input names; never the key), and opening a permalink shows its answer
 * in the direct-answer element. Tools computed in the page answer as the visitor types (debounced; the
 * newest computation wins) and, when their answer depends on the moment, open on now and here
 * (./now-here.ts: the visitor's moment, zone and zone's city); the
 * answer's headline (../lib/headlines.ts), its two parts (inputs, sentence) and the full JSON are shown
 * in the answer card; on a narrow screen the filled form folds to a line over it (calculator-controls.ts). Coordinate pairs have a place search (./place-search.ts, loaded only by
 * pages that have one); a pair is sent either as coordinates or, to the API, as its place name, never both.
 *
 * Over 300 lines: one form's life (reading, computing or asking, showing, following typing, permalinks)
 * shares its elements and state; the parts that stand alone are modules of their own (browser-run.ts,
 * calculator-controls.ts, place-search.ts).
 */
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { ToolInputError, type AnyTool } from '../../../engine/browser/index.ts';
import { validateInput, type FieldError } from '../../../engine/browser/index.ts';
import { coerce, type QueryValueType } from '../../../service/query.ts';
import { loadToolDeclaration, readInput, regionOfCountry, runsInPage, serverNeed, subdivisionsOf, withPageData } from './browser-run.ts';
import { PageDataMissing } from './page-engine.ts';
import { answerParts, describeForPeople, type InputWords, type NamedPlace } from '../lib/answers.ts';
import { curlCommand, mcpCall, queryString, type ToolCall } from '../lib/calls.ts';
import { setUpFold, setUpNowAndHere } from './calculator-controls.ts';
import { headlineOf } from '../lib/headlines.ts';
import { setUpParticipants } from './participants.ts';
import { setUpTicking } from './now-clock.ts';
import { setUpZoneSuggestions, zonesOfPlaceNames } from './zone-places.ts';

type Outcome = { input: Record<string, unknown>; result?: unknown; errors?: FieldError[] };

const $ = <T extends Element>(selector: string) => document.querySelector<T>(selector);

/**
 * A pair's coordinates or its place name, never both (the API answers 400 to both): a name whose
 * `{prefix}lat` or `{prefix}lon` is given is dropped.
 */
function onePlaceForm(params: URLSearchParams): URLSearchParams {
  for (const name of [...params.keys()]) {
    const prefix = name.endsWith('place') ? name.slice(0, -'place'.length) : undefined;
    if (prefix !== undefined && (params.has(`${prefix}lat`) || params.has(`${prefix}lon`))) params.delete(name);
  }
  return params;
}

/** The form's non-empty fields, in form order, as the query the page's address carries. */
function paramsOf(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const el of form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('[name]')) {
    // A group of ticks (holiday types) is one list, comma-separated as the API reads it; none ticked is the default.
    if (el instanceof HTMLInputElement && el.type === 'checkbox') {
      if (!params.has(el.name)) {
        const ticked = [...form.querySelectorAll<HTMLInputElement>(`input[type="checkbox"][name="${CSS.escape(el.name)}"]:checked`)].map((c) => c.value);
        if (ticked.length) params.append(el.name, ticked.join(','));
      }
      continue;
    }
    const value = el.value.trim();
    if (value !== '') params.append(el.name, value);
  }
  return onePlaceForm(params);
}

/** Only the tool's own parameters of an address (others, such as campaign tags, are not inputs). */
function ownParams(search: string, names: Set<string>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of new URLSearchParams(search)) if (names.has(k) && v.trim() !== '') params.append(k, v.trim());
  return onePlaceForm(params);
}

const KIND_TYPES: Record<string, QueryValueType> = { number: 'number', boolean: 'boolean', array: { array: 'string' } };

/** A JSON field's value: the parsed JSON, or the text as typed when it is none (the API then names the field). */
function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** Without the tool's schema (server tools), each value is read as the API reads it, by its field's declared kind. */
function readByKind(form: HTMLFormElement, params: URLSearchParams): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [name, value] of params) {
    const kind = form.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)?.dataset.kind ?? 'string';
    input[name] = kind === 'json' ? parseJson(value) : coerce(value, KIND_TYPES[kind] ?? 'string');
  }
  return input;
}

/** The live API's answer for a server tool, with the visitor's key (kept in the page only). */
async function askApi(call: ToolCall, apiBase: string, key: string, input: Record<string, unknown>): Promise<Outcome> {
  // no-store: each click asks the API with this key (a cached answer would hide a wrong or revoked key).
  const init: RequestInit = { cache: 'no-store', headers: { authorization: `Bearer ${key}`, accept: 'application/json, application/problem+json' } };
  let url = `${apiBase}${call.http.path}`;
  if (call.http.method === 'GET') url += `?${queryString(input)}`;
  else Object.assign(init, { method: 'POST', body: JSON.stringify(input), headers: { ...init.headers, 'content-type': 'application/json' } });
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    return { input, errors: [{ field: 'API', message: `could not be reached at ${apiBase} (${(error as Error).message})` }] };
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok && body) return { input, result: body };
  const errors = Array.isArray(body?.errors) ? (body.errors as FieldError[]) : [];
  return {
    input,
    errors: errors.length ? errors : [{ field: 'API', message: `answered ${response.status}: ${String(body?.detail ?? body?.title ?? response.statusText)}` }],
  };
}

async function compute(tool: AnyTool, params: URLSearchParams): Promise<Outcome> {
  const { input, errors } = readInput(tool, params);
  if (errors.length) return { input, errors };
  const checked = validateInput(tool.input, input);
  if (!checked.ok) return { input, errors: checked.errors };
  try {
    return { input, result: tool.output.parse(await tool.run(checked.data, { now: () => new Date() })) };
  } catch (error) {
    if (error instanceof PageDataMissing) throw error; // withPageData fetches it and computes again
    if (error instanceof ToolInputError) return { input, errors: error.errors };
    return { input, errors: [{ field: 'input', message: `could not be computed: ${(error as Error).message}` }] };
  }
}

/** How long the answer waits for typing to pause before it follows the inputs. */
const LIVE_DEBOUNCE_MS = 300;

async function setUp(form: HTMLFormElement) {
  const call = JSON.parse(form.dataset.call ?? '{}') as ToolCall;
  const apiBase = form.dataset.apiBase ?? '';
  const names = new Set([...form.querySelectorAll<HTMLInputElement>('[name]')].map((el) => el.name));
  // The API key field has no name: it never enters the address, the permalink or the history.
  const keyField = $<HTMLInputElement>('[data-api-key]');
  const answer = $<HTMLElement>('[data-ai-context="direct-answer"]')!;
  const headline = $<HTMLElement>('[data-answer-headline]');
  const live = $<HTMLElement>('[data-live-result]');
  const liveDetails = $<HTMLElement>('[data-live-details]');
  const caption = $<HTMLElement>('[data-answer-caption]');
  const card = answer.closest<HTMLElement>('.answer-card');
  const errorBox = $<HTMLElement>('[data-form-errors]');
  const curl = $<HTMLElement>('[data-live-curl]');
  const mcp = $<HTMLElement>('[data-live-mcp]');
  const permalink = $<HTMLAnchorElement>('[data-permalink]');
  const built = {
    answer: [...answer.childNodes].map((n) => n.cloneNode(true)),
    headline: headline?.hidden ? undefined : (headline?.textContent ?? undefined),
    caption: caption?.textContent,
    curl: curl?.textContent,
    mcp: mcp?.textContent,
    permalink: permalink?.getAttribute('href'),
  };
  // Both modules are asked for at once (the page is settled sooner, and no request starts late).
  const placeModule = form.dataset.placeSearchPath ? import('./place-search.ts') : undefined;
  // The tool's own module: its answer sentence words every answer; the page computes with it when it runs here.
  const declared = await loadToolDeclaration(call.name).catch(() => undefined);
  const tool = declared?.calculator?.browser ? declared : undefined; // without it the API answers
  const sentence = declared?.calculator?.answer;
  const words = form.dataset.words ? (JSON.parse(form.dataset.words) as InputWords) : undefined;
  /** A field's error in the form's words: its label (a nested field, `participants[0].timezone`, by its path) and the rule. */
  const problem = (e: FieldError) => `${words?.[e.field]?.label ?? e.field} ${e.message}`;
  const placeSearchPath = form.dataset.placeSearchPath;
  const places = placeSearchPath && placeModule ? (await placeModule).setUpPlaceSearch(form) : undefined;
  // Zone fields take city names too (the places pack): suggestions as the visitor types, and a name read as its zone to compute here.
  if (tool && form.querySelector('[list="zone-names"], [name="participants"]')) setUpZoneSuggestions(document); // the page's own parts' zone fields too
  const pageInputs = (params: URLSearchParams) => (tool ? zonesOfPlaceNames(params).catch(() => params) : Promise.resolve(params));

  /** The answer's headline (short, large), hidden when there is none (a message, or a tool without one). */
  function headlineSays(text?: string) {
    if (!headline) return;
    headline.textContent = text ?? '';
    headline.hidden = !text;
  }
  /** The answer as its two parts (the inputs, small; the sentence), or one message; with a headline above, or none. */
  function say(text: string, lead?: string, head?: string) {
    headlineSays(head);
    if (lead === undefined) answer.textContent = text;
    else {
      answer.replaceChildren(
        Object.assign(document.createElement('span'), { className: 'answer-lead', textContent: lead }),
        ' ',
        Object.assign(document.createElement('span'), { className: 'answer-text', textContent: text }),
      );
    }
  }
  function showLive(json: string | undefined) {
    if (live) {
      live.textContent = json ?? '';
      live.hidden = json === undefined;
    }
    if (liveDetails) liveDetails.hidden = json === undefined;
  }
  const setCaption = (text: string) => {
    if (caption) caption.textContent = text;
  };
  // Only the newest computation may write the answer (typing starts one per pause).
  let latest = 0;
  // The visitor's city (and a distance's far end), once the page has opened on it: the answer's lead names it beside its coordinates.
  let herePlace: NamedPlace[] = [];

  function showErrors(errors: FieldError[]) {
    for (const el of form.querySelectorAll<HTMLElement>('[name]')) {
      el.toggleAttribute(
        'aria-invalid',
        errors.some((e) => e.field === (el as HTMLInputElement).name || e.field.startsWith(`${(el as HTMLInputElement).name}[`)),
      );
    }
    if (!errorBox) return;
    errorBox.replaceChildren(...errors.map((e) => Object.assign(document.createElement('p'), { textContent: problem(e) })));
    errorBox.hidden = errors.length === 0;
  }

  /** The answer for `params`; none at all is the page as built (its built answer), unless typed away. */
  async function show(params: URLSearchParams, captionText = 'Your answer', emptyIsBuilt = true) {
    const run = ++latest;
    if (!params.size && emptyIsBuilt) {
      card?.removeAttribute('aria-busy');
      // back to the page as built: the build day's answer (or the worked example)
      answer.replaceChildren(...built.answer.map((n) => n.cloneNode(true)));
      headlineSays(built.headline);
      setCaption(built.caption ?? '');
      if (curl) curl.textContent = built.curl ?? '';
      if (mcp) mcp.textContent = built.mcp ?? '';
      if (permalink && built.permalink) {
        permalink.href = built.permalink;
        permalink.textContent = new URL(built.permalink, location.href).href;
      }
      showLive(undefined);
      showErrors([]);
      // A page's own parts (the meeting planner's timetable) go back to the build's drawing too.
      form.dispatchEvent(new CustomEvent('calculator:reset', { bubbles: true }));
      return;
    }
    const key = keyField?.value.trim() ?? '';
    const inPage = await pageInputs(params); // zones given as city names read as their zones
    const outcome: Outcome =
      tool && (await runsInPage(call.name, inPage).catch(() => false))
        ? await withPageData(() => compute(tool, inPage)).catch((error: Error) => ({
            input: readByKind(form, params),
            errors: [{ field: 'input', message: `could not be computed: ${error.message}` }],
          }))
        : key
          ? await askApi(call, apiBase, key, readByKind(form, params))
          : { input: readByKind(form, params) };
    if (run !== latest) return;
    if (card) card.removeAttribute('aria-busy');
    const { input } = outcome;
    const href = `${location.pathname}${params.size ? `?${params}` : ''}`;
    if (permalink) {
      permalink.href = href;
      permalink.textContent = new URL(href, location.href).href;
    }
    if (curl) curl.textContent = curlCommand(call, input, apiBase);
    if (mcp) mcp.textContent = JSON.stringify(mcpCall(call, input), null, 2);
    showErrors(outcome.errors ?? []);
    if (outcome.errors) {
      const lead = outcome.errors.some((e) => e.field === 'API') ? 'The live API did not answer' : 'Check the inputs';
      say(`${lead}: ${outcome.errors.map(problem).join('; ')}.`);
      setCaption('Nothing computed');
      showLive(undefined);
    } else if (outcome.result !== undefined) {
      const parts = answerParts(sentence, input, outcome.result as Record<string, unknown>, words, herePlace);
      say(parts.text, parts.lead, headlineOf(call.name, outcome.result, input));
      setCaption(captionText);
      showLive(JSON.stringify(outcome.result, null, 2));
      // A page's own parts draw the answer their way (the meeting planner's timetable).
      form.dispatchEvent(new CustomEvent('calculator:result', { bubbles: true, detail: { input, result: outcome.result } }));
    } else {
      say(
        `For ${describeForPeople(input, words)}: this answer needs ${serverNeed(call.name)}; ` +
          `give an API key in the form, or run the curl command or the MCP call under "API and MCP" (written for these inputs), for the live answer.`,
      );
      setCaption('The live answer needs the API');
      showLive(undefined);
    }
    form.dataset.state = outcome.errors ? 'invalid' : 'done';
  }

  const followRegions = followCountry(form);
  // An address's values as the form's controls: a value a date, time or number control cannot hold
  // (an address written by hand, `time=09:00`) turns its control into a text field, so it is shown as sent.
  // No inputs at all is the page as built: the worked example.
  const fill = (params: URLSearchParams) => {
    for (const el of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('[name]')) {
      if (el instanceof HTMLInputElement && el.type === 'checkbox') {
        const listed = params.getAll(el.name).flatMap((v) => v.split(',').map((x) => x.trim().toLowerCase()));
        el.checked = params.size ? listed.includes(el.value) : el.defaultChecked;
        continue;
      }
      const value = params.size
        ? params.getAll(el.name).join(',')
        : el instanceof HTMLSelectElement
          ? (el.querySelector<HTMLOptionElement>('option[selected]')?.value ?? '')
          : el.defaultValue;
      el.value = value;
      if (el instanceof HTMLInputElement && el.type !== 'text' && el.value !== value) {
        el.type = 'text';
        el.value = value;
      }
    }
    places?.clear();
    followRegions();
  };

  const fold = setUpFold(form);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearTimeout(pending);
    form.dataset.state = 'busy';
    // The page computes with coordinates only: a name typed but not chosen is looked up first.
    const unresolved = tool && places ? await places.resolvePending() : [];
    if (unresolved.length) {
      showErrors(unresolved);
      say(`Check the inputs: ${unresolved.map(problem).join('; ')}.`);
      showLive(undefined);
      form.dataset.state = 'invalid';
      return;
    }
    const params = paramsOf(form);
    history.pushState(null, '', `${location.pathname}${params.size ? `?${params}` : ''}`);
    await show(params);
    // On a narrow screen the form folds to its summary line again, over the answer.
    if (form.dataset.state === 'done') fold.collapse(true);
    // On a phone the answer follows a long form: Calculate brings it into view (typing never scrolls).
    const box = card?.getBoundingClientRect();
    if (box && (box.top >= innerHeight || box.bottom <= 0))
      card!.scrollIntoView({ block: 'start', behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  });
  window.addEventListener('popstate', () => {
    const params = ownParams(location.search, names);
    fill(params);
    void show(params);
  });

  // Tools computed in the page answer as the visitor types (after a pause); a place name being typed
  // waits for its choice, and the key field is no input.
  let pending: ReturnType<typeof setTimeout> | undefined;
  const placeNamePending = () =>
    [...form.querySelectorAll<HTMLElement>('[data-place-field]')].some((box) => {
      const name = box.querySelector<HTMLInputElement>('[data-place-search]')?.value.trim();
      const lat = form.querySelector<HTMLInputElement>(`[name="${CSS.escape(`${box.dataset.placeField}lat`)}"]`);
      return Boolean(name) && !lat?.value.trim();
    });
  const follow = (event: Event) => {
    const target = event.target as HTMLElement;
    if (!tool || target.matches('[data-api-key], [data-place-search]')) return;
    clearTimeout(pending);
    if (placeNamePending()) return;
    card?.setAttribute('aria-busy', 'true');
    // Typing computes only what the page can compute itself: an answer that needs the API (a place
    // without a time zone) waits for Calculate, so no request (and no credit) is spent per pause.
    pending = setTimeout(async () => {
      const params = paramsOf(form);
      if (await runsInPage(call.name, await pageInputs(params)).catch(() => false)) void show(params, 'Your answer', false);
      else card?.removeAttribute('aria-busy');
    }, LIVE_DEBOUNCE_MS);
  };
  form.addEventListener('input', follow);
  form.addEventListener('change', follow);
  setUpNowAndHere(form);
  setUpParticipants(form);
  setUpTicking(form, card);

  const initial = ownParams(location.search, names);
  if (initial.size) {
    fill(initial);
    await show(initial);
  } else if (tool) {
    // A calculator opens on now and here (./now-here.ts): the visitor's moment, zone and zone's city
    // (dates from today, distances from the city), when the page can compute it itself (the build's
    // answer, for London, stays in the HTML).
    const { followNowZone, openingOf } = await import('./now-here.ts');
    const opening = await openingOf(tool, readInput(tool, paramsOf(form)).input, document.querySelector('h1')?.textContent ?? '').catch(() => undefined);
    if (opening && (await runsInPage(call.name, opening.params).catch(() => false))) {
      fill(opening.params);
      // The caption and the answer's lead name the city (the place search's field stays the visitor's to type in).
      herePlace = opening.places;
      if (opening.params.has('source_timezone')) followNowZone(form, opening.params.get('time') ?? '');
      await show(opening.params, opening.caption);
    }
  }
  fold.collapse(); // folded, or opened on a field the answer refused
  form.dataset.ready = 'true';
}

/**
 * A region field's list follows the country field: the regions of the country typed or filled from an
 * address (the built page lists the worked example's). Returns the update, for the form's fills.
 */
function followCountry(form: HTMLFormElement): () => void {
  const list = document.getElementById('subdivision-codes');
  const country = form.querySelector<HTMLInputElement>('input[name="country"]');
  if (!list || !country) return () => {};
  const update = async () => {
    const code = country.value.trim().toUpperCase();
    if (code === list.dataset.subdivisionsOf) return;
    const regions = await subdivisionsOf(code).catch(() => []);
    if (country.value.trim().toUpperCase() !== code) return; // typed on since
    list.dataset.subdivisionsOf = code;
    list.replaceChildren(...regions.map((r) => new Option(r.name, r.code)));
  };
  // A region of another country (the example's Bavaria once the visitor types United States) is emptied.
  const region = form.querySelector<HTMLInputElement>('input[name="subdivision"]');
  const dropForeignRegion = async () => {
    const [c, r] = [country.value.trim(), region?.value.trim() ?? ''];
    if (!region || !c || !r || (await regionOfCountry(c, r).catch(() => undefined)) !== false) return;
    if (country.value.trim() !== c || region.value.trim() !== r) return; // typed on since
    region.value = '';
    region.dispatchEvent(new Event('input', { bubbles: true }));
  };
  let pause: ReturnType<typeof setTimeout> | undefined;
  country.addEventListener('input', () => {
    void update();
    clearTimeout(pause);
    pause = setTimeout(() => void dropForeignRegion(), 250); // once typing pauses: `Ge` of Germany is Georgia
  });
  return () => void update();
}

const form = $<HTMLFormElement>('form[data-calculator]');
if (form) void setUp(form);
