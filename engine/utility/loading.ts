/**
 * A small helper of the indexes that load in the background (places nearby, place names): a yield to the
 * event loop between slices of work, so requests are answered while an index builds.
 */

/** Resolves after the event loop has run its pending I/O callbacks. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
