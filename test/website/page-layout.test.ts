/**
 * Every page a visitor can land on (the sitemap, the 404 page, an observatory share), in Chromium at a
 * desktop width (1280 px) and a phone width (390 px): the page never scrolls sideways, prints no console
 * error, throws nothing, and every request to the site succeeds. One browser; one context and page per
 * width, the two widths side by side, pages in sequence. The share is a real one, held by a real API.
 * Each page comes with the site server's Content-Security-Policy, so a script, style or request the
 * policy refuses is one of those console errors ("Refused to ... because it violates ..."), and so is a
 * violation the browser reports without a console line of its own (a caught `new Function` probe, as zod's
 * for eval, which Lighthouse counts under best practices as an issue in Chrome's Issues panel).
 *
 * Issue 32 (point 6): on a 390 × 844 phone every calculator's answer card starts on the first screen, as
 * the page opens with its defaults (its filled form folded to one line, an Edit button opening it), and
 * the fold works from the keyboard; a wide screen shows the whole form beside the answer.
 */
import type { Browser, BrowserContext, ConsoleMessage, Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../engine/registry.ts';
import { HEADLINE_TOOLS } from '../../website/src/lib/headlines.ts';
import { createSharePath, isFavicon, NOT_FOUND_PATH, openSettled, sitemapPaths } from './site-pages.ts';
import { serveSite } from '../../website/serve.ts';
import { serve, type Served } from '../serve.ts';
import { chromiumAvailable, launchChromium } from '../fixtures/chromium.ts';
import { apiBaseUrl, buildSite } from './build-site.ts';

const WIDTHS = [1280, 390] as const;
const PHONE = { width: 390, height: 844 };
const CALCULATORS = registry.filter((t) => t.calculator).map((t) => `/calculators/${t.calculator!.slug}/`);

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
        // Every violation of the page's policy, said as a console error (a test's own script: no policy applies to it).
        await context.addInitScript(() =>
          document.addEventListener('securitypolicyviolation', (e) =>
            console.error(`policy violation: ${e.effectiveDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`),
          ),
        );
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

  it('on a 390 × 844 phone every calculator opens with its answer on the first screen, its form folded to one line', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const found: string[] = [];
    for (const path of CALCULATORS) {
      await openSettled(page, site.url + path);
      const seen = await page.evaluate(() => {
        const card = document.querySelector('.answer-card')!.getBoundingClientRect();
        const form = document.querySelector<HTMLFormElement>('form[data-calculator]')!;
        const headline = document.querySelector<HTMLElement>('[data-answer-headline]')!;
        return {
          top: card.top,
          fold: form.dataset.fold,
          expanded: form.querySelector('[data-form-edit]')?.getAttribute('aria-expanded'),
          summary: form.querySelector('[data-form-summary-text]')!.textContent ?? '',
          fieldsShown: [...form.querySelectorAll<HTMLElement>('.field, .place-field')].some((el) => el.offsetParent !== null),
          headline: headline.hidden ? '' : (headline.textContent ?? ''),
          answerFont: Number.parseFloat(getComputedStyle(document.querySelector('.answer')!).fontSize),
          headlineFont: Number.parseFloat(getComputedStyle(headline).fontSize),
        };
      });
      if (!(seen.top >= 0 && seen.top < PHONE.height)) found.push(`${path}: the answer card starts at ${Math.round(seen.top)} px`);
      if (seen.fold !== 'closed' || seen.expanded !== 'false' || seen.fieldsShown) found.push(`${path}: the form is not folded`);
      if (!seen.summary.trim()) found.push(`${path}: the folded form says nothing`);
      // The answer's headline (large) over its sentence (smaller): no run-on answer in the large type. A tool
      // the headlines do not know yet (lib/headlines.ts: a new tool's is optional) has the sentence alone.
      const name = registry.find((t) => t.calculator && path.endsWith(`/${t.calculator.slug}/`))?.name ?? '';
      if (!HEADLINE_TOOLS.includes(name)) {
        if (seen.headline) found.push(`${path}: a headline for a tool that has none`);
      } else if (!seen.headline || seen.headlineFont <= seen.answerFont) found.push(`${path}: no headline above a smaller sentence (${JSON.stringify(seen)})`);
    }
    await context.close();
    expect(found).toEqual([]);
  }, 120_000);

  it('the folded form opens and folds from the keyboard, keeps its line true, and stays whole on a wide screen', async () => {
    const context = await browser.newContext({ viewport: PHONE, timezoneId: 'America/New_York' });
    const page = await context.newPage();
    await openSettled(page, `${site.url}/calculators/date-difference/?start=2024-01-31&end=2024-03-01`);
    const edit = page.locator('[data-form-edit]');
    expect(await page.locator('[data-form-summary-text]').textContent()).toBe('31 Jan 2024 · 1 Mar 2024');
    expect(await page.locator('input[name="end"]').isVisible()).toBe(false);
    await edit.focus();
    await page.keyboard.press('Enter');
    expect(await edit.getAttribute('aria-expanded')).toBe('true');
    // The fields' help is behind one button on a phone; a screen reader still hears each as its field's description.
    expect(await page.locator('#help-end').isVisible()).toBe(false);
    expect(await page.locator('input[name="end"]').getAttribute('aria-describedby')).toBe('help-end');
    await page.locator('[data-help-toggle]').press('Enter');
    expect(await page.locator('#help-end').isVisible()).toBe(true);
    await page.locator('input[name="end"]').fill('2024-12-31');
    await page.locator('input[name="end"]').press('Enter'); // submits the form
    await page.waitForSelector('form[data-state="done"][data-fold="closed"]');
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-form-edit'))).toBe(true);
    expect(await page.locator('[data-form-summary-text]').textContent()).toBe('31 Jan 2024 · 31 Dec 2024');
    expect(await page.locator('[data-answer-headline]').textContent()).toBe('335 days');
    const top = await page.evaluate(() => document.querySelector('.answer-card')!.getBoundingClientRect().top);
    expect(top >= 0 && top < PHONE.height).toBe(true);
    // A wide screen: no fold line, the whole form (the fold is the narrow layout's only).
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await page.locator('[data-form-summary]').isVisible()).toBe(false);
    expect(await page.locator('input[name="end"]').isVisible()).toBe(true);
    expect(await page.locator('#help-end').isVisible()).toBe(true);
    await context.close();
  }, 60_000);

  it('without JavaScript a phone gets the whole form, and no button that only the script can work', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/calculators/sunrise-sunset/`);
    const shown = (selector: string) => page.locator(selector).first().isVisible();
    expect(await shown('input[name="lat"]')).toBe(true);
    expect(await shown('#help-place')).toBe(true);
    expect(await shown('#help-date')).toBe(true);
    expect(await shown('button[type="submit"]')).toBe(true);
    for (const selector of ['[data-form-summary]', '[data-help-toggle]', '[data-now-for]', '[data-here]']) expect(await shown(selector), selector).toBe(false);
    await context.close();
  }, 60_000);
});
