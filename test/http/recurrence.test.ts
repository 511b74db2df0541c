/** POST /v1/time/recurrence over the app: the answer, and the 400 problems that name `rrule` and its part. */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../http/app.ts';
import { loadSettings } from '../../service/settings.ts';

const KEY = 'recurrence-test-key-0123456789';
const { app } = createApp({ settings: loadSettings({ TIME_API_KEYS: KEY, RATE_LIMIT_PER_MINUTE: '0' }) });

const post = (body: unknown) =>
  app.fetch(
    new Request('http://localhost/v1/time/recurrence', {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );

describe('POST /v1/time/recurrence', () => {
  it('answers the contract fields, 09:00 local on both sides of the US DST start (2026-03-08)', async () => {
    const res = await post({ rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=3', start: '2026-03-02T09:00', timezone: 'America/New_York' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ timezone: 'America/New_York', rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=3' });
    expect(body.occurrences.map((o: { utc_time: string }) => o.utc_time)).toEqual(['2026-03-02T14:00:00Z', '2026-03-09T13:00:00Z', '2026-03-16T13:00:00Z']);
    expect(body.provenance.tzdb).toBe('2026f');
  });

  it('answers a bad rule part with a 400 problem naming rrule and the part', async () => {
    const res = await post({ rrule: 'FREQ=MONTHLY;BYMONTH=13', start: '2026-03-02T09:00', timezone: 'America/New_York' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    const problem = await res.json();
    expect(problem.errors).toEqual([{ field: 'rrule', message: 'BYMONTH: 13 is not a month 1..12' }]);
  });

  it('answers a rule that never occurs with a 400 naming rrule, promptly', async () => {
    const t = performance.now();
    const res = await post({ rrule: 'FREQ=DAILY;BYMONTH=2;BYSETPOS=2', start: '2026-03-02T09:00', timezone: 'UTC' });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0]).toMatchObject({ field: 'rrule', message: expect.stringMatching(/^gives no occurrence/) });
    expect(performance.now() - t).toBeLessThan(3000);
  });

  it('refuses count 501 and a missing timezone', async () => {
    const tooMany = await post({ rrule: 'FREQ=DAILY', start: '2026-03-02T09:00', timezone: 'UTC', count: 501 });
    expect((await tooMany.json()).errors).toEqual([{ field: 'count', message: 'must be ≤ 500' }]);
    const noZone = await post({ rrule: 'FREQ=DAILY', start: '2026-03-02T09:00' });
    expect((await noZone.json()).errors).toEqual([{ field: 'timezone', message: expect.stringMatching(/^is required/) }]);
  });
});
