/**
 * `geo_elevation` (GET /v1/geo/elevation): terrain height at a coordinate from the configured
 * elevation provider (by default the Open-Meteo elevation API, Copernicus DEM GLO-90). The provider
 * is a third party: when it cannot answer, the tool fails with ToolUnavailableError (the API's 503),
 * never with an estimate.
 *
 * @example
 * geoElevation.run({ lat: 52.52, lon: 13.41 }, { ...ctx, elevation: createOpenMeteoElevation(OPEN_METEO_ELEVATION_URL) })
 * // → { lat: 52.52, lon: 13.41, elevation_m: 38, provider: 'Open-Meteo elevation API',
 * //     dataset: 'Copernicus DEM GLO-90', provenance: { … } }   (Open-Meteo's documented example)
 */
import { z } from 'zod';
import { defineTool, ToolUnavailableError, type ElevationProvider, type ToolContext } from '../tool.ts';
import { Latitude, Longitude, Provenance, type ProvenanceValue } from '../inputs.ts';
import { catalogueEntry, modeOf, provenanceOf } from '../provenance-catalogue.ts';

export const GeoElevationResult = z.object({
  lat: z.number().describe('Latitude, as given'),
  lon: z.number().describe('Longitude, as given'),
  elevation_m: z.number().describe('Height above mean sea level, metres (Copernicus DEM: EGM2008 geoid); negative below sea level'),
  provider: z.string().describe('Service that answered'),
  dataset: z.string().describe('Elevation model used'),
  provenance: Provenance,
});

const PROVIDER = catalogueEntry({
  id: 'elevation_provider',
  kind: 'data',
  summary: 'the elevation service asked',
  text: 'the third-party elevation service configured (ELEVATION_PROVIDER_URL; by default the Open-Meteo elevation API)',
});

const DATASET = catalogueEntry({
  id: 'elevation_dataset',
  kind: 'data',
  summary: "the elevation model behind the provider's answer",
  text: "the digital elevation model the provider answers from (Open-Meteo's: Copernicus DEM GLO-90, a 3 arc-second grid, heights above the EGM2008 geoid)",
});

const LOOKUP = catalogueEntry({
  id: 'geo.elevation-lookup',
  kind: 'method',
  summary: "the provider's height at the point, never an estimate",
  text: "the provider's height at the coordinate, as it reports it; when it cannot answer, an error, never an estimated value",
});

/** Compact forms per provider, frozen so their JSON is written once. */
const compactForms = new WeakMap<ElevationProvider, ProvenanceValue>();

function elevationProvenance(provider: ElevationProvider, ctx: ToolContext): ProvenanceValue {
  const method = (provider as { method?: unknown }).method;
  const parts = {
    data: [PROVIDER, DATASET],
    methods: [LOOKUP],
    values: { elevation_provider: provider.provider, elevation_dataset: provider.dataset },
    texts: typeof method === 'string' ? { [LOOKUP.id]: `${LOOKUP.text}; ${method}` } : undefined,
  };
  if (modeOf(ctx) === 'full') return provenanceOf(parts, 'full');
  let compact = compactForms.get(provider);
  if (!compact) compactForms.set(provider, (compact = Object.freeze(provenanceOf(parts))));
  return compact;
}

export const geoElevation = defineTool({
  name: 'geo_elevation',
  family: 'geo',
  title: 'Terrain elevation at a coordinate',
  description: [
    'Ground height above mean sea level, in metres, at a coordinate, from a third-party elevation model: by default Open-Meteo,',
    'Copernicus DEM GLO-90 (about 90 m grid, EGM2008 geoid; a surface model: trees and buildings may add metres). Call it instead of',
    'guessing altitudes. If the provider fails, an error, never an estimate.',
  ].join(' '),
  http: { method: 'GET', path: '/v1/geo/elevation' },
  auth: 'key',
  cache: 'deterministic',
  input: z.strictObject({ lat: Latitude, lon: Longitude }),
  output: GeoElevationResult,
  examples: [
    {
      input: { lat: 52.52, lon: 13.41 },
      expect: { elevation_m: 38, provider: 'Open-Meteo elevation API', dataset: 'Copernicus DEM GLO-90' },
      source: 'Open-Meteo Elevation API documentation (https://open-meteo.com/en/docs/elevation-api): latitude=52.52&longitude=13.41 → {"elevation":[38.0]}',
    },
  ],
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  run: async ({ lat, lon }, ctx) => {
    const provider = ctx.elevation;
    if (!provider) throw new ToolUnavailableError('no elevation provider configured');
    const [elevation_m] = await provider.elevations([{ lat, lon }]);
    if (typeof elevation_m !== 'number' || !Number.isFinite(elevation_m)) {
      throw new ToolUnavailableError(`${provider.provider} unavailable: no elevation returned`);
    }
    return {
      lat,
      lon,
      elevation_m,
      provider: provider.provider,
      dataset: provider.dataset,
      provenance: elevationProvenance(provider, ctx),
    };
  },
});
