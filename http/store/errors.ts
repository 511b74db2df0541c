/**
 * The store's two errors. `StoreUnavailableError`: an operation could not reach the store (Redis away,
 * the store closed, a file operation failed). `CorruptRecordError`: a stored record cannot be read, so it
 * is kept as it is and never overwritten.
 */
export class StoreUnavailableError extends Error {
  readonly code = 'STORE_UNAVAILABLE';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

/** A stored record that cannot be read (not JSON, not a whole number): kept as it is, never overwritten. */
export class CorruptRecordError extends Error {
  readonly code = 'CORRUPT_RECORD';
  /** `records`: `mount:encodedKey` of each damaged record. */
  constructor(
    readonly records: string[],
    readonly detail: string,
  ) {
    super(`damaged record${records.length > 1 ? 's' : ''} ${records.join(', ')}: ${detail}; not overwritten (npm run keys -- check)`);
    this.name = 'CorruptRecordError';
  }
}
