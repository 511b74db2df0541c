/** Limits every front end states and enforces alike. */

/** Largest request body read, in bytes (REST and MCP): 64 KiB. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Requests for the OpenAPI document per client address over any rolling minute (revalidations included). */
export const OPENAPI_PER_MINUTE = 60;
