/**
 * The pages a person can land on in a built site, for the layout check (test/website/page-layout.test.ts)
 * and the screenshots (`npm run site:screenshots`): every address in its sitemap, the 404 page and an
 * observatory share (which needs a real API to hold the share).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';

/** A path nothing answers, to show the site's 404 page. */
export const NOT_FOUND_PATH = '/no-such-page/';

/**
 * The city pages (`/time/…`) are one template over a thousand places: the layout check, the screenshots
 * and the HTML validation take the index, a country's page and these cities (a capital, a large city, a
 * capital of 4,500 people, polar night, a long name, a territory of two people);
 * test/website/city-pages.test.ts checks every city page's presence, size and links.
 */
export const CITY_PAGE_SAMPLE: ReadonlySet<string> = new Set([
  '/time/',
  '/time/united-kingdom/',
  '/time/united-kingdom/london/',
  '/time/japan/tokyo/',
  '/time/tuvalu/funafuti/',
  '/time/svalbard-jan-mayen/longyearbyen/',
  '/time/micronesia/palikir-national-government-center/',
  '/time/south-georgia-south-sandwich-islands/grytviken/',
]);

/** Whether a site path is checked page by page: every page but the city pages outside the sample. */
export const checkedPath = (path: string): boolean => !path.startsWith('/time/') || CITY_PAGE_SAMPLE.has(path);

/** The paths of every `<loc>` in the built `sitemap.xml`, in its order (the city pages: the sample). */
export function sitemapPaths(distDir: string): string[] {
  const xml = readFileSync(join(distDir, 'sitemap.xml'), 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname).filter(checkedPath);
}

/** Creates a share of the observatory's sky chart with the API at `apiBase` and returns its page's path. */
export async function createSharePath(apiBase: string): Promise<string> {
  const response = await fetch(`${apiBase}/v1/observatory/share`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ poster: 'sky', date: '2026-11-22', time: '18:30', location: { name: 'Kathmandu', lat: 27.7172, lng: 85.324 }, ttl_days: 1 }),
  });
  const answer = (await response.json()) as { token?: string };
  if (response.status !== 201 || !answer.token) throw new Error(`the API did not create a share (${response.status}): ${JSON.stringify(answer)}`);
  return `/observatory/share/${answer.token}/`;
}

/** A file name for a page's picture: `/` is `index`, `/calculators/distance/` is `calculators/distance`. */
export const pictureName = (path: string): string => path.replace(/^\/+|\/+$/g, '') || 'index';

/** Chromium's own favicon request, made when it likes: checked by its status, never waited for. */
export const isFavicon = (r: Request): boolean => /\/favicon\.(svg|ico)$/.test(new URL(r.url()).pathname);

/**
 * Opens `url` and waits until the page is done: loaded, and no request of its own left in flight once its
 * pending tasks have run (its scripts' requests, such as zone data or a share, have come back and been
 * used). Playwright's "networkidle" without its 500 ms wait on every page.
 */
export async function openSettled(page: Page, url: string): Promise<void> {
  const inFlight = new Set<Request>();
  let settled: (() => void) | undefined;
  const onRequest = (r: Request) => {
    if (!isFavicon(r)) inFlight.add(r);
  };
  const onDone = (r: Request) => {
    inFlight.delete(r);
    if (inFlight.size === 0) settled?.();
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  try {
    await page.goto(url);
    // A calculator's form says when its script has set the page up (its tool's module and data loaded,
    // the first answer shown): requests of that chain can start a task or more after the last one ended.
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLFormElement>('form[data-calculator]')].every((f) => f.dataset.ready === 'true'));
    for (;;) {
      if (inFlight.size) await new Promise<void>((resolve) => (settled = resolve));
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
      if (!inFlight.size) break;
    }
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
  }
}
