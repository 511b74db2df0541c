/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The meeting planner's timetable in the page: redrawn for each answer the calculator form gets from the
 * live API (its `calculator:result` event), back to the page's built answer on `calculator:reset`, and for the
 * slot chosen in the list. Local times come from the engine's tzdb release as the page carries it (the
 * observatory's zone data), never from the browser's own zone data; the HTML is the build's own writer's.
 */
import { meetingTimetable, type TimetableAnswer, type TimetableRequest } from '../../../engine/browser/index.ts';
import { fixedOffsetTable, type ZoneData, type ZoneTable, zoneLookup } from '../../../engine/browser/index.ts';
import { renderIcsLink, renderSlotChoices, renderTimetable } from '../lib/meeting-planner.ts';

type Slot = Parameters<typeof renderSlotChoices>[0][number];
interface Drawn {
  input: TimetableRequest;
  result: TimetableAnswer & { slots: readonly Slot[] };
}

const section = document.querySelector<HTMLElement>('[data-meeting-planner]');
if (section) setUp(section);

/**
 * Scrolls a timetable sideways so the meeting's hours are in view (centred in what the sticky row
 * headers leave, or from their left edge when they are wider than that); the page itself does not move.
 */
export function showMeetingHours(table: HTMLElement | null): void {
  const hours = table ? [...table.querySelectorAll<HTMLElement>('thead th[data-in-slot]')] : [];
  if (!table || !hours.length) return;
  const rowHeader = table.querySelector<HTMLElement>('tbody th[scope="row"]');
  const left = hours[0].offsetLeft;
  const width = hours[hours.length - 1].offsetLeft + hours[hours.length - 1].offsetWidth - left;
  const header = rowHeader?.offsetWidth ?? 0;
  const room = table.clientWidth - header;
  const target = left - header - Math.max(0, (room - width) / 2);
  table.scrollLeft = Math.max(0, Math.min(target, table.scrollWidth - table.clientWidth));
}

function setUp(root: HTMLElement) {
  const opening = JSON.parse(root.dataset.built ?? '{}') as Drawn;
  const status = root.querySelector<HTMLElement>('[data-meeting-status]')!;
  const slotsBox = root.querySelector<HTMLElement>('[data-meeting-slots]')!;
  const tableBox = root.querySelector<HTMLElement>('[data-meeting-table]')!;
  const download = root.querySelector<HTMLElement>('[data-meeting-download]')!;
  const builtStatus = status.textContent;
  let current: Drawn = opening;
  let zones: Promise<(name: string) => ZoneTable | undefined> | undefined;

  const tables = () =>
    (zones ??= fetch(root.dataset.zoneData ?? '/observatory/tzdb.json')
      .then((r) => r.json() as Promise<ZoneData>)
      .then((data) => {
        const lookup = zoneLookup(data);
        return (name: string) => lookup(name) ?? fixedOffsetTable(name);
      }));

  async function drawSlot(index: number) {
    const slot = current.result.slots[index];
    if (!slot) {
      tableBox.innerHTML = '';
      download.innerHTML = '';
      return;
    }
    try {
      tableBox.innerHTML = renderTimetable(meetingTimetable(current.input, current.result, index, await tables()));
      showMeetingHours(tableBox.querySelector('table'));
    } catch (error) {
      tableBox.textContent = `The timetable could not be drawn: ${(error as Error).message}.`;
    }
    download.innerHTML = renderIcsLink(slot, index, { stampMs: Date.now(), host: location.host });
    root.dataset.drawn = String(index);
  }

  async function draw(drawn: Drawn, words: string | null) {
    current = drawn;
    status.textContent = words;
    slotsBox.innerHTML = renderSlotChoices(drawn.result.slots);
    await drawSlot(0);
  }

  slotsBox.addEventListener('change', (event) => {
    const radio = event.target as HTMLInputElement;
    if (radio.matches('[data-meeting-slot]')) void drawSlot(Number(radio.value));
  });
  document.addEventListener('calculator:result', (event) => {
    const detail = (event as CustomEvent<Drawn>).detail;
    if (Array.isArray(detail?.result?.slots))
      void draw(detail, `For your inputs: ${detail.result.slots.length} slot${detail.result.slots.length === 1 ? '' : 's'} proposed.`);
  });
  document.addEventListener('calculator:reset', () => void draw(opening, builtStatus));
  // The build's table: its meeting hours in view from the start, and again when the width changes (a phone turned).
  const table = () => tableBox.querySelector<HTMLElement>('table');
  showMeetingHours(table());
  let width = innerWidth;
  addEventListener('resize', () => {
    if (innerWidth === width) return;
    width = innerWidth;
    showMeetingHours(table());
  });
  root.dataset.ready = 'true';
}
