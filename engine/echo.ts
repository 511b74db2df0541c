/**
 * Client input quoted back in an error text (a problem's `detail`, a field error's message, an MCP error):
 * at most {@link MAX_ECHO} characters of it, so what a client sends never makes the answer larger. The one
 * helper every front end and the engine use for it; zod-free and import-free, for pages too.
 */

/** The most characters of a client's input an error text quotes. */
export const MAX_ECHO = 200;

/** The first `max` characters, one fewer when the last would be half of a surrogate pair. */
function head(text: string, max: number): string {
  const cut = text.charCodeAt(max - 1) >= 0xd800 && text.charCodeAt(max - 1) <= 0xdbff ? max - 1 : max;
  return text.slice(0, cut);
}

/**
 * `text` as an error text may show it: unchanged up to `max` characters, else its first `max` characters,
 * an ellipsis and the original length (`xxxx… (15000 characters)`; without it when `sayLength` is false,
 * as for a field name).
 */
export function clipEcho(text: string, max = MAX_ECHO, sayLength = true): string {
  if (text.length <= max) return text;
  return sayLength ? `${head(text, max)}… (${text.length} characters)` : `${head(text, max)}…`;
}

/** `text` in single quotes, clipped as {@link clipEcho} does, its length outside them: `'xxxx…' (15000 characters)`. */
export function quoteEcho(text: string, max = MAX_ECHO): string {
  return text.length <= max ? `'${text}'` : `'${head(text, max)}…' (${text.length} characters)`;
}
