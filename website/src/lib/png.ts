/** A minimal PNG encoder (RGBA, no filter) so the app icons are drawn in code without an image package. */
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** The site icon at `size` px: a navy rounded square with a gold ring and white clock hands. */
export function iconPng(size: number): Buffer {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  const c = size / 2;
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const dx = (x + 0.5 - c) / size,
        dy = (y + 0.5 - c) / size;
      const r = Math.hypot(dx, dy);
      let px = [0x1f, 0x3a, 0x5f, 255];
      if (Math.abs(r - 0.28) < 0.04) px = [0xf5, 0xc5, 0x42, 255];
      else if ((Math.abs(dx) < 0.035 && dy < 0 && dy > -0.19) || (dy > -0.035 && dy < 0.035 && dx > 0 && dx < 0.15)) px = [255, 255, 255, 255];
      raw.set(px, y * (size * 4 + 1) + 1 + x * 4);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6; // 8-bit RGBA
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
