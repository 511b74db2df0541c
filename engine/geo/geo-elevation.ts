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
import { defineTool, ToolUnavailableError } from '../tool.ts';
import { Latitude, Longitude, Provenance } from '../inputs.ts';

export const GeoElevationResult = z.object({
  lat: z.number().describe('Latitude, as given'),
  lon: z.number().describe('Longitude, as given'),
  elevation_m: z.number().describe('Height above mean sea level, metres (Copernicus DEM: EGM2008 geoid); negative below sea level'),
  provider: z.string().describe('Service that answered'),
  dataset: z.string().describe('Elevation model used'),
  provenance: Provenance,
});

export const geoElevation = defineTool({
  name: 'geo_elevation',
  family: 'geospatial',
  title: 'Terrain elevation at a coordinate',
  description: [
    'Ground height above mean sea level, in metres, at a coordinate, from a third-party elevation model: by default Open-Meteo,',
    'Copernicus DEM GLO-90 (about 90 m grid, EGM2008 geoid; a surface model: trees and buildings may add metres). Call it instead of',
    'guessing altitudes. lat -90..90, lon -180..180. If the provider fails the answer is an error (HTTP 503), never an estimate.',
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
    const method = (provider as { method?: unknown }).method;
    return {
      lat,
      lon,
      elevation_m,
      provider: provider.provider,
      dataset: provider.dataset,
      provenance: {
        elevation_provider: provider.provider,
        elevation_dataset: provider.dataset,
        ...(typeof method === 'string' ? { method } : {}),
      },
    };
  },
});
