/**
 * Every page a visitor can land on (the sitemap, the 404 page, an observatory share), in Chromium at a
 * desktop width (1280 px) and a phone width (390 px): the page never scrolls sideways, prints no console
 * error, throws nothing, and every request to the site succeeds. One browser; one context and page per
 * width, the two widths side by side, pages in sequence. The share is a real one, held by a real API.
 * Each page comes with the site server's Content-Security-Policy, so a script, style or request the
 * policy refuses is one of those console errors ("Refused to ... because it violates ...").
 */
import type { Browser, BrowserContext, ConsoleMessage, Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSharePath, isFavicon, NOT_FOUND_PATH, openSettled, sitemapPaths } from './site-pages.ts';
import { serveSite } from '../../website/serve.ts';
import { serve, type Served } from '../serve.ts';
import { chromiumAvailable, launchChromium } from '../fixtures/chromium.ts';
import { apiBaseUrl, buildSite } from './build-site.ts';

const WIDTHS = [1280, 390] as const;

describe.skipIf(!chromiumAvailable())('every page at 1280 and 390 px', () => {
  let site: { url: string; close(): Promise<void> };
  let api: Served;
  let browser: Browser;
  let paths: string[];

  beforeAll(async () => {
    const dist = await buildSite();
    site = await serveSite(dist, 0);
    // The pages call the API they were built against (apiBaseUrl()), where browser.test.ts starts its
    // own; this file's API listens elsewhere and the browser's requests to that address are sent here.
    api = await serve({ env: { SITE_URL: site.url, CORS_ORIGINS: site.url } });
    paths = [...sitemapPaths(dist), NOT_FOUND_PATH, await createSharePath(api.base)];
    browser = await launchChromium();
  }, 360_000);

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
    await site?.close();
  });

  /** The problems of one page: sideways scroll (with the elements that stick out), errors, failed requests. */
  async function check(page: Page, path: string, problems: string[]) {
    const found: string[] = [];
    const onConsole = (m: ConsoleMessage) => {
      // The 404 page's own status is the one error Chromium logs there by design.
      const own404 = path === NOT_FOUND_PATH && m.location().url === site.url + path && /status of 404/.test(m.text());
      if (m.type() === 'error' && !own404) found.push(`console: ${m.text()}`);
    };
    const onError = (e: Error) => found.push(`exception: ${e.message}`);
    // Requests this page started: one a page before started and the next navigation cancelled
    // (net::ERR_ABORTED, seen on busy CI runners) is no failure of the site. The page before can still
    // start one after this check began listening (the meeting planner's zone data, fetched when its
    // script gets to it, before the navigation to this page commits): its frame is then still at the
    // page before, so only this navigation and requests made from this page's address count.
    const started = new Set<Request>();
    const onRequest = (r: Request) => {
      if (
        r.isNavigationRequest() ||
        r
          .frame()
          .url()
          .startsWith(site.url + path)
      )
        started.add(r);
    };
    const onFailed = (r: Request) => {
      if (r.url().startsWith(site.url) && !isFavicon(r) && started.has(r)) found.push(`request failed: ${r.url()} (${r.failure()?.errorText})`);
    };
    const onResponse = (r: Response) => {
      const expected = path === NOT_FOUND_PATH && r.url() === site.url + path && r.status() === 404;
      if (r.url().startsWith(site.url) && r.status() >= 400 && !expected) found.push(`HTTP ${r.status()}: ${r.url()}`);
      if (r.url() === site.url + path && !/script-src /.test(r.headers()['content-security-policy'] ?? ''))
        found.push(`no Content-Security-Policy: ${r.url()}`);
    };
    page.on('console', onConsole);
    page.on('pageerror', onError);
    page.on('request', onRequest);
    page.on('requestfailed', onFailed);
    page.on('response', onResponse);
    try {
      await openSettled(page, site.url + path);
      const overflow = await page.evaluate(() => {
        const width = window.innerWidth;
        const scroll = document.scrollingElement!.scrollWidth;
        if (scroll <= width) return null;
        // The outermost elements that reach past the right edge.
        const wide = [...document.body.querySelectorAll('*')].filter(
          (el) => el.getBoundingClientRect().right > width + 0.5 && !(el.parentElement && el.parentElement.getBoundingClientRect().right > width + 0.5),
        );
        return `scrolls sideways: ${scroll} > ${width} px (${wide
          .slice(0, 4)
          .map((el) => el.tagName.toLowerCase() + (el.id ? `#${el.id}` : '') + [...el.classList].map((c) => `.${c}`).join(''))
          .join(', ')})`;
      });
      if (overflow) found.push(overflow);
    } finally {
      page.off('console', onConsole);
      page.off('pageerror', onError);
      page.off('request', onRequest);
      page.off('requestfailed', onFailed);
      page.off('response', onResponse);
    }
    for (const f of found) problems.push(`${path}: ${f}`);
  }

  it('no page scrolls sideways, logs an error, throws, or fails a request to the site', async () => {
    const apiBase = apiBaseUrl();
    const contexts: BrowserContext[] = [];
    const problems = await Promise.all(
      WIDTHS.map(async (width) => {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        contexts.push(context);
        await context.route(`${apiBase}/**`, (route) => route.continue({ url: api.base + route.request().url().slice(apiBase.length) }));
        const page = await context.newPage();
        const found: string[] = [];
        for (const path of paths) await check(page, path, found);
        return found.map((p) => `${width} px ${p}`);
      }),
    );
    await Promise.all(contexts.map((c) => c.close()));
    expect(paths.length).toBeGreaterThan(8);
    expect(problems.flat()).toEqual([]);
  }, 240_000);
});
