/**
 * Reads a compiled zone file (TZif, RFC 8536): its 64-bit block's transitions and local time types.
 * Used at data-update time only (scripts/data/tzdb-backzone.mjs).
 */

/**
 * @param {Buffer} buf a TZif file of version 2 or later
 * @returns {{ transitions: number[], transitionTypes: number[], types: { offset: number, dst: boolean, abbr: string }[], firstType: number }}
 */
export function parseTzif(buf) {
  if (buf.toString('latin1', 0, 4) !== 'TZif') throw new Error('not a TZif file');
  const version = buf[4];
  if (version < 0x32) throw new Error('TZif version 1 has no 64-bit block');
  const header = (at) => {
    const n = (i) => buf.readUInt32BE(at + 20 + 4 * i);
    return { isutcnt: n(0), isstdcnt: n(1), leapcnt: n(2), timecnt: n(3), typecnt: n(4), charcnt: n(5) };
  };
  const v1 = header(0);
  const v1size = v1.timecnt * 5 + v1.typecnt * 6 + v1.charcnt + v1.leapcnt * 8 + v1.isstdcnt + v1.isutcnt;
  const at = 44 + v1size;
  if (buf.toString('latin1', at, at + 4) !== 'TZif') throw new Error('TZif: no second header');
  const h = header(at);
  let p = at + 44;
  const transitions = [];
  for (let i = 0; i < h.timecnt; i++, p += 8) transitions.push(Number(buf.readBigInt64BE(p)));
  const transitionTypes = [];
  for (let i = 0; i < h.timecnt; i++, p += 1) transitionTypes.push(buf[p]);
  const raw = [];
  for (let i = 0; i < h.typecnt; i++, p += 6) raw.push({ offset: buf.readInt32BE(p), dst: buf[p + 4] === 1, abbrIndex: buf[p + 5] });
  const chars = buf.toString('latin1', p, p + h.charcnt);
  const types = raw.map((t) => ({ offset: t.offset, dst: t.dst, abbr: chars.slice(t.abbrIndex, chars.indexOf('\0', t.abbrIndex)) }));
  // RFC 8536 3.2: local time for instants before the first transition is type 0.
  return { transitions, transitionTypes, types, firstType: 0 };
}
