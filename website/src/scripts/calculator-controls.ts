/// <reference lib="dom" />
/**
 * The calculator form's "Today"/"Now" buttons (beside date, local time and instant fields) and "Use my
 * location" buttons (beside coordinate pairs). Both are hidden in the built page and shown here, so a
 * page without JavaScript offers no button that does nothing. A filled field gets an `input` event, so
 * the page's answer follows it like typing. The current time is the visitor's clock; a date or local
 * time is the visitor's own wall clock, an instant is written in UTC. "Use my location" also sets the
 * pair's zone field (where the form has one) to the browser's own zone: the position is the visitor's,
 * so the answer is in the visitor's zone, not the example's (issue 32: a Berlin position answered in
 * America/New_York). The pair's place box then reads "Your location", with the nearest place of the
 * site's places pack when one is within 25 km.
 */

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
