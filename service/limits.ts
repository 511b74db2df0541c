/** Limits every front end states and enforces alike. */

/** Largest request body read, in bytes (REST and MCP): 64 KiB. */
export const MAX_BODY_BYTES = 64 * 1024;
