/// <reference lib="dom" />
/**
 * What both observatory pages' scripts share: element lookup, the API's address (`data-api-base`), and
 * error lists shown as text.
 */
import type { FieldError } from '../lib/observatory.ts';

export const $ = <T extends Element>(selector: string) => document.querySelector<T>(selector);
export const apiBase = () => ($<HTMLElement>('[data-api-base]')?.dataset.apiBase ?? '').replace(/\/+$/, '');
export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

const FIELD_LABELS: Record<string, string> = {
  name: 'Place name',
  lat: 'Latitude',
  lng: 'Longitude',
  date: 'Local date',
  time: 'Local time',
  tz: 'Time zone',
  ttl_days: 'Keep for (days)',
  poster: 'Poster',
  location: 'Place',
  'location.name': 'Place name',
  'location.lat': 'Latitude',
  'location.lng': 'Longitude',
};

/** Replaces an element's content with a heading line and a list of `Label: message`, as text (never HTML). */
export function showList(target: HTMLElement, heading: string, errors: FieldError[]) {
  target.replaceChildren();
  const p = document.createElement('p');
  p.textContent = heading;
  target.append(p);
  if (!errors.length) return;
  const ul = document.createElement('ul');
  for (const e of errors) {
    const li = document.createElement('li');
    li.textContent = `${FIELD_LABELS[e.field] ?? e.field}: ${e.message}`;
    ul.append(li);
  }
  target.append(ul);
}
