/**
 * Accessibility of the built site in real Chromium: axe-core (its WCAG 2 A and AA rules and best
 * practices) on the home page, /calculators/ and every calculator page, at 1280 and 390 px wide, after
 * the page's script has run (a calculator opened without inputs shows the visitor's current time).
 * No serious or critical violation may remain. A few pages are checked in the dark scheme too.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../engine/registry.ts';
import { chromiumAvailable, launchChromium } from '../fixtures/chromium.ts';
import { buildSite, startSite } from './build-site.ts';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PAGES = ['/', '/calculators/', '/world-clock/', ...registry.filter((t) => t.calculator).map((t) => `/calculators/${t.calculator!.slug}/`)];
/** The rules whose outcome depends on the layout (what a narrower viewport can change). */
const LAYOUT_RULES = ['color-contrast', 'scrollable-region-focusable'];
const DARK = ['/', '/calculators/', '/calculators/distance/', '/calculators/meeting-planner/', '/calculators/time-zone-converter/'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

describe.skipIf(!chromiumAvailable())('accessibility (axe-core in Chromium)', () => {
  let site: ChildProcess;
  let siteBase = '';
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const dist = await buildSite();
    ({ base: siteBase, proc: site } = await startSite(dist));
    browser = await launchChromium();
    // axe-core goes into each page as an inline script of the test's own, which the site server's
    // Content-Security-Policy refuses, as it should any inline script it does not list.
    page = await browser.newPage({ bypassCSP: true });
  }, 360_000);

  afterAll(async () => {
    await browser?.close();
    site?.kill('SIGTERM');
  });

  /** The serious and critical violations of the page as it is now (all the tags' rules, or only `rules`). */
  async function violations(label: string, rules?: string[]): Promise<string[]> {
    const runOnly = rules ? { type: 'rule', values: rules } : { type: 'tag', values: ['wcag2a', 'wcag2aa', 'best-practice'] };
    const found = (await page.evaluate(
      // biome-ignore lint/suspicious/noExplicitAny: axe is the injected script's global
      (only) => (window as any).axe.run(document, { runOnly: only, resultTypes: ['violations'] }),
      runOnly,
    )) as { violations: Violation[] };
    return found.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${label}: ${v.id} (${v.help}): ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 5)
            .join(', ')}`,
      );
  }

  // Each page is loaded once and checked with every rule at 1280 px; at 390 px and in the dark scheme the
  // markup is the same and only the layout or the colours change, so only the rules that read them run
  // again (the whole check costs half as much on CI's two cores).
  it('the home page, /calculators/ and every calculator page, at 1280 and 390 px (a few in the dark scheme too)', async () => {
    const found: string[] = [];
    for (const path of PAGES) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(siteBase + path);
      if (path !== '/calculators/' && path.startsWith('/calculators/')) await page.waitForSelector('form[data-ready="true"]');
      await page.addScriptTag({ content: AXE });
      found.push(...(await violations(`${path} @ 1280px`)));
      if (DARK.includes(path)) {
        await page.emulateMedia({ colorScheme: 'dark' });
        found.push(...(await violations(`${path} @ 1280px, dark`, ['color-contrast'])));
        await page.emulateMedia({ colorScheme: 'light' });
      }
      await page.setViewportSize({ width: 390, height: 844 });
      found.push(...(await violations(`${path} @ 390px`, LAYOUT_RULES)));
    }
    expect(found).toEqual([]);
    // The check is live: an image without a text alternative is a critical violation.
    await page.setContent('<!doctype html><html lang="en"><head><title>x</title></head><body><main><img src="data:,"></main></body></html>');
    await page.addScriptTag({ content: AXE });
    expect((await violations('probe')).join()).toContain('image-alt');
  }, 240_000);
});
