/**
 * The zone rules the observatory's pages carry: the engine's shipped tzdb release, cut to the years the
 * observatory draws (build time only; the browser fetches the same data from /observatory/tzdb.json).
 */
import './engine-server.ts';
import { zoneDataWindow } from '../../../engine/index.ts';
import type { ZoneData } from '../../../engine/index.ts';
import { zoneNames } from '../../../engine/index.ts';
import { FIRST_YEAR, LAST_YEAR } from './observatory.ts';

let data: ZoneData | undefined;

export const observatoryZoneData = (): ZoneData => (data ??= zoneDataWindow(zoneNames(), Date.UTC(FIRST_YEAR - 1, 0, 1), Date.UTC(LAST_YEAR + 2, 0, 1)));

/** Where the page fetches it (a file of the site). */
export const ZONE_DATA_PATH = '/observatory/tzdb.json';
