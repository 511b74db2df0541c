/** The built site: discovery files, calculator pages against the engine, links and JSON-LD. */
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../engine/registry.ts';
import { toolPagePath } from '../../service/links.ts';
import { BUILD_CLOCK_ISO } from '../../website/src/lib/site.ts';
import { CRAWLERS } from '../../website/src/lib/discovery.ts';
import { SITE_URL, apiBaseUrl, buildSite } from './build-site.ts';
import { checkedPath } from './site-pages.ts';

let dist = '';
let API_BASE_URL = '';
beforeAll(async () => {
  dist = await buildSite();
  API_BASE_URL = apiBaseUrl();
}, 360_000);

const read = (path: string) => readFileSync(join(dist, path), 'utf8');
const readJson = (path: string) => JSON.parse(read(path));
const calculatorTools = registry.filter((t) => t.calculator);

function htmlFiles(dir = dist): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? htmlFiles(p) : e.name.endsWith('.html') ? [p] : [];
  });
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&');

/** The built file a site path is served from, or undefined. */
function builtFile(path: string): string | undefined {
  const clean = path.split(/[?#]/)[0];
  const candidate = join(dist, decodeURIComponent(clean));
  if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  const index = join(candidate, 'index.html');
  return clean.endsWith('/') && existsSync(index) ? index : undefined;
}

describe('calculators', () => {
  it('the required calculators exist, with unique slugs of ^[a-z0-9-]+$', () => {
    const slugs = Object.fromEntries(calculatorTools.map((t) => [t.name, t.calculator!.slug]));
    expect(slugs).toMatchObject({
      get_local_time: 'local-time-at-coordinates',
      convert_time: 'time-zone-converter',
      date_difference: 'date-difference',
      date_add: 'add-to-date',
      count_business_days: 'business-days',
      list_holidays: 'public-holidays',
      geo_distance: 'distance',
      geo_midpoint: 'midpoint',
      geo_bounding_box: 'bounding-box',
      solar_position: 'sun-position',
      ephemeris: 'planet-positions',
    });
    for (const tool of calculatorTools) expect(tool.calculator!.slug).toMatch(/^[a-z0-9-]+$/);
    expect(new Set(calculatorTools.map((t) => t.calculator!.slug)).size).toBe(calculatorTools.length);
  });

  it.each(calculatorTools.map((t) => [t.calculator!.slug, t] as const))("%s shows the engine's default result and the five hooks", async (slug, tool) => {
    const html = read(`calculators/${slug}/index.html`);
    for (const hook of ['calculator-answer-summary', 'direct-answer', 'how-to-steps', 'default-result', 'ai-prompt-library']) {
      expect(html).toContain(`data-ai-context="${hook}"`);
    }
    const shown = /<pre data-ai-context="default-result">([\s\S]*?)<\/pre>/.exec(html);
    expect(shown).not.toBeNull();
    const input = tool.input.parse(tool.examples[0].input);
    const expected = tool.output.parse(await tool.run(input, { now: () => new Date(BUILD_CLOCK_ISO) }));
    expect(JSON.parse(decode(shown![1]))).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(html).toContain(`<link rel="canonical" href="${SITE_URL}/calculators/${slug}/">`);
    expect(html).toContain(`${API_BASE_URL}${tool.http.path}`);
    expect(html).toContain(`&quot;name&quot;: &quot;${tool.name}&quot;`);
  });
});

describe('discovery files', () => {
  it('robots.txt names every crawler and the absolute sitemap', () => {
    const robots = read('robots.txt');
    for (const bot of CRAWLERS) expect(robots).toMatch(new RegExp(`^User-agent: ${bot}$`, 'm'));
    for (const bot of ['GPTBot', 'ClaudeBot', 'PerplexityBot', 'Google-Extended', 'CCBot', 'Bytespider']) expect(CRAWLERS).toContain(bot);
    expect(robots).toMatch(new RegExp(`^Sitemap: ${SITE_URL}/sitemap\\.xml$`, 'm'));
  });

  it('sitemap.xml lists every calculator page and no redirect, 404 or share page, without lastmod', () => {
    const xml = read('sitemap.xml');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const t of calculatorTools) expect(locs).toContain(`${SITE_URL}/calculators/${t.calculator!.slug}/`);
    expect(locs).toContain(`${SITE_URL}/`);
    expect(locs).toContain(`${SITE_URL}/observatory/`);
    expect(xml).not.toContain('lastmod');
    // Exactly the pages that ask to be indexed: every page with a canonical link, none marked noindex.
    const canonical = htmlFiles()
      .map((f) => readFileSync(f, 'utf8'))
      .flatMap((html) => (/name="robots" content="noindex"/.test(html) ? [] : [/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]].filter(Boolean)));
    expect([...locs].sort()).toEqual([...canonical].sort());
    for (const loc of locs) {
      expect(loc).not.toMatch(/day-counter|great-circle-distance|solar-position|404|share/);
      expect(builtFile(loc.slice(SITE_URL.length)), loc).toBeDefined();
    }
  });

  it('llms.txt has an H1, a blockquote summary, H2 link sections and ## Optional', () => {
    const text = read('llms.txt');
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^# \S/);
    expect(lines.filter((l) => l.startsWith('# '))).toHaveLength(1);
    expect(text).toMatch(/\n> \S/);
    expect(text).toContain('\n## Optional\n');
    expect(lines.filter((l) => l.startsWith('## ')).length).toBeGreaterThan(2);
    for (const t of calculatorTools) expect(text).toContain(`](${SITE_URL}/calculators/${t.calculator!.slug}/)`);
    expect(read('llms-full.txt')).toContain(calculatorTools[0].description);
  });

  it('every JSON file parses; the plugin, manifest, catalog and site OpenAPI carry what the issue asks', () => {
    const plugin = readJson('.well-known/ai-plugin.json');
    expect(plugin).toMatchObject({
      schema_version: 'v1',
      auth: { type: 'user_http', authorization_type: 'bearer' },
      api: { type: 'openapi', url: `${API_BASE_URL}/openapi.json` },
    });
    const manifest = readJson('manifest.json');
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((i: { sizes: string }) => i.sizes === size);
      const png = readFileSync(builtFile(icon.src)!);
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(size);
    }
    const catalog = readJson('calculator-catalog.json');
    for (const key of ['schemaVersion', 'generatedAt', 'site', 'runtimeBoundary', 'agentUsage', 'totals', 'calculators']) expect(catalog).toHaveProperty(key);
    expect(catalog.calculators.map((c: { slug: string }) => c.slug)).toEqual(calculatorTools.map((t) => t.calculator!.slug));
    for (const c of catalog.calculators) {
      for (const key of [
        'slug',
        'name',
        'canonicalUrl',
        'category',
        'status',
        'description',
        'directAnswer',
        'formulaText',
        'inputs',
        'defaultState',
        'assumptions',
        'workedExample',
        'keywords',
      ]) {
        expect(c, `${c.slug}.${key}`).toHaveProperty(key);
      }
      expect(builtFile(c.canonicalUrl.slice(SITE_URL.length))).toBeDefined();
    }
    const openapi = readJson('openapi.json');
    expect(openapi.openapi).toBe('3.1.0');
    expect(openapi.info.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(openapi['x-service-runtime-boundary']).toMatchObject({ formatJsonCalculatorOutput: 'planned-not-live', reason: expect.any(String) });
  });

  it('_redirects carries the legacy 308s to built pages', () => {
    const rules = read('_redirects')
      .trim()
      .split('\n')
      .map((l) => l.split(/\s+/));
    expect(rules).toContainEqual(['/calculators/day-counter/', '/calculators/date-difference/', '308']);
    expect(rules).toContainEqual(['/calculators/great-circle-distance/', '/calculators/distance/', '308']);
    expect(rules).toContainEqual(['/calculators/solar-position/', '/calculators/sun-position/', '308']);
    for (const [, to] of rules) expect(builtFile(to), to).toBeDefined();
  });
});

describe('HTML', () => {
  it('every internal link and asset resolves to a built file', () => {
    const broken: string[] = [];
    for (const file of htmlFiles()) {
      const html = readFileSync(file, 'utf8');
      for (const m of html.matchAll(/\s(?:href|src)="([^"]+)"/g)) {
        let url = decode(m[1]);
        if (url.startsWith(SITE_URL)) url = url.slice(SITE_URL.length) || '/';
        if (!url.startsWith('/') || url.startsWith('//')) continue;
        if (!builtFile(url)) broken.push(`${relative(dist, file)} → ${url}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('every JSON-LD block parses; calculator pages have WebApplication and BreadcrumbList', () => {
    for (const file of htmlFiles()) {
      const html = readFileSync(file, 'utf8');
      const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
      if (relative(dist, file).startsWith('calculators/') && relative(dist, file) !== 'calculators/index.html') {
        expect(blocks.map((b) => b['@type'])).toEqual(expect.arrayContaining(['WebApplication', 'BreadcrumbList']));
      }
    }
  });

  it('the 404 page is a real HTML page marked noindex', () => {
    const html = read('404.html');
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).toContain('noindex');
    expect(html).toContain('Page not found');
  });
});

describe('tools directory', () => {
  it('/tools/ lists every registry tool with its route, MCP name and calculator page', async () => {
    const { registry } = await import('../../engine/registry.ts');
    const html = read('tools/index.html');
    for (const tool of registry) {
      const row = new RegExp(`<tr data-tool="${tool.name}">([\\s\\S]*?)</tr>`).exec(html);
      expect(row, tool.name).not.toBeNull();
      expect(row![1]).toContain(`${tool.http.method} ${tool.http.path}`);
      expect(row![1]).toContain(`<code>${tool.name}</code>`);
      if (tool.calculator) expect(row![1]).toContain(`href="/calculators/${tool.calculator.slug}/"`);
    }
    expect(read('sitemap.xml')).toContain('/tools/</loc>');
    expect(read('llms.txt')).toContain('/tools/)');
  });
});

describe('API overview', () => {
  it("/developers/api/ describes every route of the API with a curl example, and the engine's answer for calculations, from its OpenAPI", async () => {
    const { routeInventory } = await import('../../service/inventory.ts');
    const html = read('developers/api/index.html');
    for (const r of routeInventory()) {
      const path = r.path.replace(/:(\w+)/g, '{$1}');
      const block = new RegExp(`<article data-route="${r.method} ${path.replace(/[{}]/g, '\\$&')}"[^>]*>([\\s\\S]*?)</article>`).exec(html);
      expect(block, `${r.method} ${path}`).not.toBeNull();
      expect(block![1]).toContain('curl -s');
      if (r.auth === 'key') expect(block![1]).toContain('Authorization: Bearer YOUR_KEY');
      if (r.tool && r.tool.name !== 'geo_elevation') expect(block![1], `${r.method} ${path}`).toContain('<code data-answer>');
    }
    for (const words of ['Authorization: Bearer', 'RateLimit-Limit', 'problem+json', 'Beta boundaries']) expect(html).toContain(words);
    // Every provenance id is listed with its explanation (the README names only the families).
    const { provenanceCatalogue } = await import('../../engine/provenance-catalogue.ts');
    for (const e of provenanceCatalogue()) expect(html, e.id).toContain(`id="provenance-${e.id.replace('.', '_')}"`);
    // The page every MCP tool result links to (resource_link) exists, down to the anchor.
    for (const tool of registry) {
      const [page, anchor] = toolPagePath(tool).split('#');
      expect(builtFile(page), tool.name).toBeDefined();
      if (anchor) expect(read(relative(dist, builtFile(page)!)), tool.name).toContain(`id="${anchor}"`);
    }
    expect(read('sitemap.xml')).toContain('/developers/api/</loc>');
  });
});

describe('glossary', () => {
  it('has at least 40 terms, each with an anchor, and calculator pages link the terms they use', async () => {
    const { GLOSSARY } = await import('../../website/src/lib/glossary.ts');
    expect(GLOSSARY.length).toBeGreaterThanOrEqual(40);
    expect(new Set(GLOSSARY.map((g) => g.slug)).size).toBe(GLOSSARY.length);
    const html = read('glossary/index.html');
    const anchors = new Set([...html.matchAll(/<dt id="([^"]+)"/g)].map((m) => m[1]));
    for (const g of GLOSSARY) expect(anchors, g.term).toContain(g.slug);
    const { calculators } = await import('../../website/src/lib/site.ts');
    let linked = 0;
    for (const c of calculators) {
      const page = read(`calculators/${c.slug}/index.html`);
      for (const m of page.matchAll(/href="\/glossary\/#([^"]+)"/g)) {
        expect(anchors).toContain(m[1]);
        linked++;
      }
    }
    expect(linked).toBeGreaterThan(calculators.length); // several terms per page
    expect(read('sitemap.xml')).toContain('/glossary/</loc>');
  });
});

describe('FAQPage JSON-LD', () => {
  it('describes exactly the questions and answers visible on each calculator page', async () => {
    const { calculators } = await import('../../website/src/lib/site.ts');
    const decode = (s: string) =>
      s
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'");
    for (const c of calculators) {
      const page = read(`calculators/${c.slug}/index.html`);
      const blocks = [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
      const faq = blocks.find((b) => b['@type'] === 'FAQPage');
      expect(faq, c.slug).toBeDefined();
      const dl = /<dl data-faq>([\s\S]*?)<\/dl>/.exec(page)![1];
      const shown = [...dl.matchAll(/<dt>([\s\S]*?)<\/dt><dd>([\s\S]*?)<\/dd>/g)].map((m) => ({ q: decode(m[1]), a: decode(m[2]) }));
      expect(shown.length).toBeGreaterThanOrEqual(2);
      expect(faq.mainEntity.map((e: { name: string; acceptedAnswer: { text: string } }) => ({ q: e.name, a: e.acceptedAnswer.text }))).toEqual(shown);
    }
  });
});

describe('HTML validity', () => {
  it('every built page passes html-validate (recommended rules)', async () => {
    const { HtmlValidate } = await import('html-validate');
    // A group of ticks (holiday types) shares its name, as HTML means it to (one list of the ticked values).
    const validator = new HtmlValidate({
      extends: ['html-validate:recommended'],
      rules: { 'form-dup-name': ['error', { shared: ['radio', 'checkbox', 'button', 'reset', 'submit'] }] },
    });
    // The validator is live: a block element inside a paragraph is refused.
    expect((await validator.validateString('<!doctype html><html lang="en"><head><title>x</title></head><body><p><div></div></p></body></html>')).valid).toBe(
      false,
    );
    const pages: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.html') && checkedPath(`/${relative(dist, path).replace(/index\.html$/, '')}`)) pages.push(path);
      }
    };
    walk(dist);
    expect(pages.length).toBeGreaterThanOrEqual(15);
    for (const page of pages) {
      const report = await validator.validateFile(page);
      const messages = report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message} (line ${m.line})`));
      expect(messages, relative(dist, page)).toEqual([]);
    }
  }, 120_000); // ~4 s alone; over 20 s once in the guide's scratch-copy run on a loaded 2-core CI machine
});
