import { observatoryZoneData } from '../../lib/zone-data.ts';
export const GET = () => new Response(JSON.stringify(observatoryZoneData()), { headers: { 'Content-Type': 'application/json' } });
