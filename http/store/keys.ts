/**
 * How a caller's key becomes a storage key that is safe as a file path and as a Redis key, and back.
 *
 * A key is any string; `:` separates levels (so `acme:2026-11` lists under `acme`). Each level is
 * percent-encoded (encodeURIComponent, plus `~` and trailing dots), so no level can be `.`/`..`, hold a
 * path separator or a `?` (which unstorage would cut off), and every key round-trips exactly through
 * `list()`. Two spellings are reserved: `~` is the empty level, and `~h<sha256>` stands for a level whose
 * encoding is longer than a file name may be (those alone do not round-trip: `list()` returns the hash).
 */
import { createHash } from 'node:crypto';

/** Encoded levels longer than this are hashed: file names stop at 255 bytes, and `.json` is added. */
const MAX_LEVEL = 200;

function encodeLevel(level: string): string {
  if (level === '') return '~';
  const encoded = encodeURIComponent(level)
    .replace(/~/g, '%7E')
    .replace(/\.+$/, (dots) => '%2E'.repeat(dots.length));
  if (encoded.length <= MAX_LEVEL) return encoded;
  return `~h${createHash('sha256').update(level).digest('hex')}`;
}

function decodeLevel(level: string): string {
  if (level === '~') return '';
  if (level.startsWith('~h')) return level;
  try {
    return decodeURIComponent(level);
  } catch {
    return level;
  }
}

/** The storage key (levels joined by `:`) for a caller's key. */
export const encodeKey = (key: string): string => key.split(':').map(encodeLevel).join(':');

/** The caller's key for a storage key that `encodeKey` produced. */
export const decodeKey = (stored: string): string => stored.split(':').map(decodeLevel).join(':');
