/**
 * The home page's device-clock offset (website/src/lib/clock-offset.ts): of several requests to
 * GET /v1/time/utc the quickest round trip is kept, offset = server − (sent + rtt / 2) ± rtt / 2
 * (Cristian's algorithm, as NTP's SNTP client reads one exchange: RFC 4330 §5 with the server's two
 * timestamps equal), worded as ahead, behind or agreeing.
 */
import { describe, expect, it } from 'vitest';
import { measureOffset, offsetWords } from '../../website/src/lib/clock-offset.ts';

/** A network whose round trips take `rtts` ms in turn, against a server clock `skew` ms ahead of the device's. */
function network(rtts: number[], skew: number) {
  let device = 1_800_000_000_000;
  let mono = 0;
  const asked: string[] = [];
  let i = 0;
  return {
    asked,
    io: {
      now: () => device,
      elapsed: () => mono,
      fetch: async (url: string, init: RequestInit) => {
        asked.push(`${url} ${init.cache}`);
        const rtt = rtts[i++];
        // The server reads its clock halfway through the round trip.
        const server = device + rtt / 2 + skew;
        device += rtt;
        mono += rtt;
        return { ok: true, status: 200, json: async () => ({ unix_ms: server }) };
      },
    },
  };
}

describe('the device clock against the time server', () => {
  it('keeps the quickest of the round trips: offset = server − (sent + rtt/2), ± rtt/2', async () => {
    const { io, asked } = network([80, 12, 40, 200, 30], 250);
    expect(await measureOffset('http://api.test', 5, io)).toEqual({ offsetMs: 250, uncertaintyMs: 6 });
    expect(asked).toEqual(Array(5).fill('http://api.test/v1/time/utc no-store'));
  });

  it('says ahead, behind or within the uncertainty, in ms under a second', () => {
    expect(offsetWords({ offsetMs: 250, uncertaintyMs: 6 })).toBe('Your device clock is 250 ms behind the time server (± 6 ms).');
    expect(offsetWords({ offsetMs: -2500, uncertaintyMs: 40 })).toBe('Your device clock is 2.50 s ahead of the time server (± 40 ms).');
    expect(offsetWords({ offsetMs: 3, uncertaintyMs: 6 })).toBe('Your device clock agrees with the time server to within ± 6 ms.');
    expect(offsetWords({ offsetMs: 0.2, uncertaintyMs: 0.4 })).toBe('Your device clock agrees with the time server to within ± 1 ms.');
  });

  it('fails when the time server does not answer with its time', async () => {
    const io = { now: () => 0, elapsed: () => 0, fetch: async () => ({ ok: false, status: 503, json: async () => ({}) }) };
    await expect(measureOffset('http://api.test', 5, io)).rejects.toThrow('the time server answered 503');
  });
});
