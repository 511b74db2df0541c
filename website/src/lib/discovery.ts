/**
 * The discovery files (robots, sitemap, llms.txt, catalog, plugin manifest, web manifest, the site's
 * OpenAPI, `_redirects`), generated from the registry at build time. Presentation only.
 * Over 300 lines: one short function a file, over the same calculator list.
 */
import { registry } from '../../../engine/index.ts';
import {
  API_BASE_URL,
  BUILD_CLOCK_ISO,
  LEGACY_REDIRECTS,
  SITE_NAME,
  SITE_SUMMARY,
  SITE_URL,
  absolute,
  calculators,
  curlCommand,
  describeInput,
  inputFields,
  solve,
} from './site.ts';
import { directAnswer } from './answers.ts';
import { cityCountries, cityPagePaths, cityPlaces } from './city-pages-list.ts';

/** Crawlers named in robots.txt: search engines' AI and answer agents, and training crawlers. */
export const CRAWLERS = [
  'GPTBot',
  'OAI-SearchBot',
  'ChatGPT-User',
  'ClaudeBot',
  'Claude-SearchBot',
  'Claude-User',
  'PerplexityBot',
  'Google-Extended',
  'Applebot-Extended',
  'CCBot',
  'meta-externalagent',
  'Bytespider',
] as const;

/** Every indexable page (what the sitemap lists): no redirects, no 404, no share pages. */
export const indexablePaths = (): string[] => [
  '/',
  '/calculators/',
  '/observatory/',
  '/world-clock/',
  '/tools/',
  '/developers/api/',
  '/glossary/',
  ...calculators.map((c) => c.path),
];

/** The build day, `YYYY-MM-DD` (the site's OpenAPI version and the catalog's `generatedAt`). */
const buildInstant = () => new Date(process.env.SOURCE_DATE_EPOCH ? Number(process.env.SOURCE_DATE_EPOCH) * 1000 : Date.now());

export function robotsTxt(): string {
  const groups = CRAWLERS.map((bot) => `User-agent: ${bot}\nAllow: /\nDisallow: /observatory/share/\n`);
  return [
    '# Search and AI crawlers are welcome: every page here is a calculator or a discovery file.',
    ...groups,
    'User-agent: *\nAllow: /\nDisallow: /observatory/share/\n',
    `Sitemap: ${absolute('/sitemap.xml')}`,
    '',
  ].join('\n');
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function sitemapXml(): Promise<string> {
  const urls = [...indexablePaths(), ...(await cityPagePaths())].map((p) => `  <url><loc>${xmlEscape(absolute(p))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export async function llmsTxt(): Promise<string> {
  const categories = [...new Set(calculators.map((c) => c.meta.category))];
  const lines = [
    `# ${SITE_NAME}`,
    '',
    `> ${SITE_SUMMARY}`,
    '',
    `Each calculator page shows the formula, assumptions, inputs and a worked example computed by the engine; ` +
      `its address with the tool's input names as query parameters (\`/calculators/date-difference/?start=2024-02-28&end=2024-03-01\`) is a permalink to that answer. ` +
      `The live answers come from the HTTP API at ${API_BASE_URL} (an API key is needed for calculations) and from MCP tools of the same names.`,
    '',
  ];
  for (const category of categories) {
    lines.push(`## ${category}`, '');
    for (const c of calculators.filter((x) => x.meta.category === category))
      lines.push(`- [${c.meta.name}](${c.url}): ${c.tool.title} (MCP tool \`${c.tool.name}\`, ${c.tool.http.method} ${c.tool.http.path})`);
    lines.push('');
  }
  lines.push(
    '## Observatory',
    '',
    `- [Observatory](${absolute('/observatory/')}): orrery, sky chart and the Sun's path for a place, date and time, computed in the browser with astronomy-engine; permalinks carry name, lat, lng, date, time and tz; posters can be shared through POST ${API_BASE_URL}/v1/observatory/share`,
    `- [World clock](${absolute('/world-clock/')}): cities by name, ticking, with day or night and the offset from you (the engine's tzdb release); the address keeps the list as \`?cities=london-2643743,…\` (folded name and GeoNames id)`,
    '',
  );
  lines.push(...(await llmsCities()));
  lines.push(
    '## API',
    '',
    `- [Tools](${absolute('/tools/')}): every tool with its HTTP route, MCP tool name and calculator page`,
    `- [API overview](${absolute('/developers/api/')}): authentication, limits, errors and every route with an example`,
    `- [Glossary](${absolute('/glossary/')}): the calculator, time and celestial terms these pages use`,
    `- [API OpenAPI document](${API_BASE_URL}/openapi.json): every route of the live API`,
    `- [Calculator catalog](${absolute('/calculator-catalog.json')}): every calculator as JSON`,
    '',
    '## Optional',
    '',
    `- [Full text for language models](${absolute('/llms-full.txt')}): every calculator with formula, assumptions and worked example`,
    `- [Site OpenAPI document](${absolute('/openapi.json')}): the static files of this site`,
    `- [Sitemap](${absolute('/sitemap.xml')})`,
    '',
  );
  return lines.join('\n');
}

/** llms.txt's section on the city pages: the index, the address pattern, a line per country. */
async function llmsCities(): Promise<string[]> {
  const countries = await cityCountries();
  const cities = countries.reduce((n, c) => n + c.places.length, 0);
  return [
    '## Cities',
    '',
    `- [Time in cities](${absolute('/time/')}): ${cities} city pages (the most populous places and every capital), each at /time/<country>/<city>/ with the local time, ` +
      "time zone, next clock change, today's and the month's sunrise and sunset, the Moon and the country's next public holidays, computed at build time; " +
      'every page is in the sitemap and in the calculator catalog (`cityPages`)',
    ...countries.map((c) => `- [Time in ${c.name}](${absolute(`/time/${c.slug}/`)}): ${c.places.map((p) => p.name).join(', ')}`),
    '',
  ];
}

export async function llmsFullTxt(): Promise<string> {
  const out = [`# ${SITE_NAME}`, '', `> ${SITE_SUMMARY}`, ''];
  for (const c of calculators) {
    const result = (await solve(c.tool, c.example)) as Record<string, unknown>;
    out.push(
      `## ${c.meta.name}`,
      '',
      `URL: ${c.url}`,
      `MCP tool: ${c.tool.name}`,
      `HTTP: ${c.tool.http.method} ${API_BASE_URL}${c.tool.http.path}`,
      '',
      c.tool.description,
      '',
      `Formula: ${c.meta.formula}`,
      '',
      'Assumptions:',
      ...c.meta.assumptions.map((a) => `- ${a}`),
      '',
      'Inputs:',
      ...inputFields(c.tool).map((f) => `- ${f.name} (${f.type}${f.required ? ', required' : ''})${f.description ? `: ${f.description}` : ''}`),
      '',
      `Worked example: ${directAnswer(c.meta.answer, c.example, result)}`,
      '',
      '```sh',
      curlCommand(c.tool, c.example),
      '```',
      '',
    );
  }
  return out.join('\n');
}

export function aiPlugin() {
  return {
    schema_version: 'v1',
    name_for_human: SITE_NAME,
    name_for_model: 'time_coordinate_calculators',
    description_for_human: 'Time zones, dates, business days, holidays, distances, the Sun and the planets.',
    description_for_model:
      `Calculations over time, dates, holidays, geography, the Sun and the planets: ${registry.map((t) => t.name).join(', ')}. ` +
      'Instants are ISO-8601 with Z or an offset; dates YYYY-MM-DD; coordinates WGS84 degrees; units are in field names.',
    auth: { type: 'user_http', authorization_type: 'bearer' },
    api: { type: 'openapi', url: `${API_BASE_URL}/openapi.json` },
    logo_url: absolute('/icon-512.png'),
    contact_email: 'support@example.com',
    legal_info_url: absolute('/'),
  };
}

export function webManifest() {
  return {
    name: SITE_NAME,
    short_name: 'Calculators',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#1f3a5f',
    description: SITE_SUMMARY,
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  };
}

const RUNTIME_BOUNDARY = {
  formatJsonCalculatorOutput: 'planned-not-live',
  reason:
    'The site is a static export: there is no runtime endpoint behind ?format=json on calculator pages. ' +
    `Live JSON answers come from the HTTP API at ${API_BASE_URL} (see its /openapi.json) or the MCP tools.`,
};

export async function calculatorCatalog() {
  const entries = [];
  for (const c of calculators) {
    const result = (await solve(c.tool, c.example)) as Record<string, unknown>;
    entries.push({
      slug: c.slug,
      name: c.meta.name,
      canonicalUrl: c.url,
      category: c.meta.category,
      status: 'live',
      description: c.tool.title,
      directAnswer: directAnswer(c.meta.answer, c.example, result),
      formulaText: c.meta.formula,
      inputs: inputFields(c.tool),
      defaultState: c.example,
      assumptions: c.meta.assumptions,
      workedExample: { input: c.example, inputText: describeInput(c.example), result, clock: BUILD_CLOCK_ISO },
      keywords: c.meta.keywords,
      mcpTool: c.tool.name,
      api: { method: c.tool.http.method, url: `${API_BASE_URL}${c.tool.http.path}`, auth: c.tool.auth },
    });
  }
  return {
    schemaVersion: '1.0',
    generatedAt: buildInstant().toISOString(),
    site: SITE_URL,
    runtimeBoundary: RUNTIME_BOUNDARY,
    agentUsage:
      `Read a calculator's canonicalUrl for the page; for a live answer call the MCP tool named in mcpTool or the API url (Bearer API key). ` +
      'A permalink is canonicalUrl with the input names as query parameters (lists comma-separated); in a browser it shows that answer. ' +
      "workedExample.result is the engine's answer for defaultState, computed at build time.",
    totals: { calculators: entries.length, categories: new Set(entries.map((e) => e.category)).size, tools: registry.length },
    calculators: entries,
    cityPages: await catalogCities(),
  };
}

/** The catalog's city pages: each page's address with its place (name, country, division, coordinates, zone). */
async function catalogCities() {
  const places = await cityPlaces();
  return {
    index: absolute('/time/'),
    count: places.length,
    description: "Local time, next clock change, sunrise and sunset, the Moon and the country's next public holidays, computed at build time",
    pages: places.map((p) => ({
      url: absolute(p.path),
      name: p.name,
      country: p.country,
      countryName: p.countryName,
      division: p.division,
      lat: p.lat,
      lon: p.lon,
      timezone: p.timezone,
      capital: p.capital,
      geonamesId: p.geonamesId,
    })),
  };
}

const fileOp = (summary: string, type: string, schema: object = { type: 'string' }) => ({
  get: { summary, responses: { 200: { description: summary, content: { [type]: { schema } } } } },
});

/** The OpenAPI 3.1.0 contract of the static site itself (its files, not the API's routes). */
export function siteOpenApi() {
  const paths: Record<string, unknown> = {
    '/calculator-catalog.json': fileOp('Every calculator with its inputs, default state and worked example', 'application/json', { type: 'object' }),
    '/llms.txt': fileOp('llms.txt summary of the site', 'text/plain'),
    '/llms-full.txt': fileOp('Every calculator in plain text', 'text/plain'),
    '/robots.txt': fileOp('Crawler policy', 'text/plain'),
    '/sitemap.xml': fileOp('Indexable pages', 'application/xml'),
    '/manifest.json': fileOp('Web app manifest', 'application/manifest+json', { type: 'object' }),
    '/.well-known/ai-plugin.json': fileOp("AI plugin manifest pointing at the API's OpenAPI document", 'application/json', { type: 'object' }),
    '/calculators/{slug}/': {
      get: {
        summary: 'A calculator page (HTML) with its default solved result',
        description:
          "A permalink adds the tool's own input names as query parameters (`/calculators/date-difference/?start=2024-02-28&end=2024-03-01`, " +
          "lists comma-separated); opening it shows that answer in the page's `direct-answer` element, computed in the browser by the engine's code " +
          'for dates, geodesy, the Sun and the planets; for tools that need server data the page writes the curl command and MCP call for those inputs.',
        parameters: [{ name: 'slug', in: 'path', required: true, schema: { type: 'string', enum: calculators.map((c) => c.slug) } }],
        responses: { 200: { description: 'The page', content: { 'text/html': { schema: { type: 'string' } } } }, 404: { description: 'No such calculator' } },
      },
    },
    '/time/': fileOp('Every city page, by country (HTML)', 'text/html'),
    '/time/{country}/{city}/': {
      get: {
        summary:
          "A city's page (HTML): local time, zone, next clock change, today's and the month's sunrise and sunset, the Moon, the country's next public holidays; " +
          'computed at build time and refreshed in the browser. Every address is in the sitemap and in the calculator catalog (cityPages)',
        parameters: [
          {
            name: 'country',
            in: 'path',
            required: true,
            schema: { type: 'string', pattern: '^[a-z0-9-]+$' },
            description: "The country's English name, lower-case ASCII",
          },
          {
            name: 'city',
            in: 'path',
            required: true,
            schema: { type: 'string', pattern: '^[a-z0-9-]+$' },
            description: "The place's name, lower-case ASCII (with its division where names clash)",
          },
        ],
        responses: { 200: { description: 'The page', content: { 'text/html': { schema: { type: 'string' } } } }, 404: { description: 'No such city page' } },
      },
    },
    '/observatory/': {
      get: {
        summary: 'The observatory (HTML): orrery, sky chart and sun path for a place, date and time, drawn in the browser',
        parameters: ['name', 'lat', 'lng', 'date', 'time', 'tz'].map((name) => ({
          name,
          in: 'query',
          required: false,
          schema: { type: 'string' },
          description: (
            {
              name: 'Place name shown on the posters',
              lat: 'Latitude, degrees north',
              lng: 'Longitude, degrees east',
              date: 'Local date YYYY-MM-DD (1900..2100)',
              time: 'Local time HH:MM',
              tz: 'IANA time zone of the place',
            } as Record<string, string>
          )[name],
        })),
        responses: { 200: { description: 'The page', content: { 'text/html': { schema: { type: 'string' } } } } },
      },
    },
    '/world-clock/': {
      get: {
        summary: 'The world clock (HTML): cities by name, ticking in the browser, with day or night and the offset from the visitor',
        parameters: [
          {
            name: 'cities',
            in: 'query',
            required: false,
            schema: { type: 'string', pattern: '^[a-z0-9-]+-[0-9]+(,[a-z0-9-]+-[0-9]+)*$' },
            description:
              'Comma-separated cities, each its folded name and GeoNames id (london-2643743); without it, the list the browser stored, else defaults',
          },
        ],
        responses: { 200: { description: 'The page', content: { 'text/html': { schema: { type: 'string' } } } } },
      },
    },
    '/places/manifest.json': {
      get: {
        summary: "The site's places pack (GeoNames, CC BY 4.0): its source, zones, countries and the files of names the pages search by folded prefix",
        responses: { 200: { description: 'The manifest', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
    '/observatory/share/{token}/': {
      get: {
        summary: `A shared poster (HTML, noindex): the page loads the share from ${API_BASE_URL}/v1/observatory/share/{token} and draws it, or says the link is unknown or expired`,
        parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{32}$' } }],
        responses: {
          200: {
            description: 'The share viewer page (every token gets the same page; the API decides)',
            content: { 'text/html': { schema: { type: 'string' } } },
          },
        },
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: `${SITE_NAME} (static site)`,
      version: buildInstant().toISOString().slice(0, 10),
      description: "The files this static site serves. Live calculations are in the API's own OpenAPI document.",
    },
    servers: [{ url: SITE_URL }],
    externalDocs: { description: 'The live API', url: `${API_BASE_URL}/openapi.json` },
    'x-service-runtime-boundary': RUNTIME_BOUNDARY,
    paths,
  };
}

/**
 * `_redirects` for static hosts (and `npm run site:serve`): the legacy calculator slugs, 308; every share
 * address rewritten (200) to the one share viewer page, which reads its token from the address.
 */
export function redirectsFile(): string {
  return (
    [
      ...Object.entries(LEGACY_REDIRECTS).flatMap(([from, to]) => [
        `/calculators/${from}/ /calculators/${to}/ 308`,
        `/calculators/${from} /calculators/${to}/ 308`,
      ]),
      '/observatory/share/* /observatory/share/index.html 200',
    ].join('\n') + '\n'
  );
}
