/// <reference lib="dom" />
/**
 * The meeting planner's participants as rows people fill in (a name and a time zone each, added and
 * removed with buttons) over the JSON text area the form sends: each change of a row rewrites the JSON
 * (and the answer follows it as typing does); JSON typed by hand, or filled from an address, redraws the
 * rows. A participant's other fields (work hours, a place, coordinates, a country) stay as the JSON has
 * them; a row only edits its name and zone. The text area stays the form's field, so the page without
 * JavaScript, permalinks and the API read the same JSON.
 */

type Participant = Record<string, unknown>;

/** The participants a text holds, or undefined when it is not a JSON list of objects. */
function parse(text: string): Participant[] | undefined {
  if (!text.trim()) return [];
  try {
    const list = JSON.parse(text) as unknown;
    return Array.isArray(list) && list.every((p) => p !== null && typeof p === 'object' && !Array.isArray(p)) ? (list as Participant[]) : undefined;
  } catch {
    return undefined;
  }
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

export function setUpParticipants(form: HTMLFormElement): void {
  for (const editor of form.querySelectorAll<HTMLElement>('[data-participants-editor]')) {
    const area = form.querySelector<HTMLTextAreaElement>(`#${CSS.escape(editor.dataset.participantsEditor!)}`);
    const rows = editor.querySelector<HTMLOListElement>('[data-participant-rows]');
    const add = editor.querySelector<HTMLButtonElement>('[data-add-participant]');
    const note = editor.querySelector<HTMLElement>('[data-participants-note]');
    if (!area || !rows || !add || !note) continue;
    const json = area.closest('details');
    let list: Participant[] = parse(area.value) ?? [];
    let serial = 0;

    /** The list into the text area, as the form sends it; the answer follows (an `input` event). */
    const write = () => {
      area.value = JSON.stringify(list);
      area.dispatchEvent(new Event('input', { bubbles: true }));
    };

    const row = (p: Participant, i: number): HTMLLIElement => {
      const id = `participant-${++serial}`;
      const li = document.createElement('li');
      li.className = 'participant-row';
      const field = (name: 'label' | 'timezone', label: string, placeholder: string) => {
        const box = document.createElement('div');
        box.className = 'field';
        const l = Object.assign(document.createElement('label'), { htmlFor: `${id}-${name}`, textContent: label });
        const input = Object.assign(document.createElement('input'), {
          type: 'text',
          id: `${id}-${name}`,
          value: text(p[name]),
          placeholder,
          autocomplete: 'off',
          spellcheck: false,
        });
        input.dataset.participantField = name;
        if (name === 'timezone') input.setAttribute('list', 'zone-names');
        input.addEventListener('input', (event) => {
          event.stopPropagation(); // the text area's own event is what the form follows
          const value = input.value.trim();
          if (value) list[i][name] = value;
          else delete list[i][name];
          write();
        });
        box.append(l, input);
        return box;
      };
      const where = p.timezone === undefined && (p.place !== undefined || p.lat !== undefined) ? ' (a place or coordinates in the JSON)' : '';
      const remove = Object.assign(document.createElement('button'), { type: 'button', className: 'secondary', textContent: 'Remove' });
      remove.setAttribute('aria-label', `Remove participant ${i + 1}${text(p.label) ? ` (${text(p.label)})` : ''}`);
      remove.addEventListener('click', () => {
        list.splice(i, 1);
        draw();
        write();
        (rows.querySelector<HTMLInputElement>('input') ?? add).focus();
      });
      li.append(field('label', 'Name', 'e.g. Ana'), field('timezone', `Time zone${where}`, 'e.g. Europe/Lisbon'), remove);
      return li;
    };

    const draw = () => {
      rows.replaceChildren(...list.map(row));
      note.textContent = list.length ? '' : 'No participants yet: add one for each person or office.';
    };

    add.addEventListener('click', () => {
      list.push({});
      draw();
      write();
      rows.querySelector<HTMLInputElement>('li:last-child input')?.focus();
    });

    /** JSON typed by hand or filled from an address: the rows follow it when it is a list of participants. */
    const follow = () => {
      const parsed = parse(area.value);
      editor.dataset.state = parsed ? 'rows' : 'json';
      if (!parsed) {
        if (json) json.open = true; // the JSON is what the visitor has to mend
        note.textContent = 'The JSON below is not a list of participants yet: the rows come back when it is.';
        return;
      }
      list = parsed;
      draw();
    };
    area.addEventListener('input', (event) => {
      if (event.isTrusted) follow();
    });
    // The form fills the text area from an address (back and forward, a permalink) without an event.
    form.addEventListener('calculator:result', () => {
      if (!editor.contains(document.activeElement)) follow();
    });
    form.addEventListener('calculator:reset', follow);
    follow();
    editor.hidden = false;
    // The rows write the list: its JSON stays one click away (collapsed), unless it needs mending.
    if (json && editor.dataset.state === 'rows') json.open = false;
  }
}
