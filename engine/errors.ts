/**
 * The errors a tool's run throws, and the sentence rule of their texts: the kernel's lowest module
 * (engine/tool.ts re-exports them), so engine/work.ts and the families read them without importing the
 * declaration module.
 */

/**
 * A problem with the input found while running (for example a date sum that leaves the supported
 * calendar). Front ends answer it exactly like a schema error: 400 naming the field.
 */
export class ToolInputError extends Error {
  constructor(readonly errors: { field: string; message: string; candidates?: { code: string; name: string }[] }[]) {
    super(errors.map((e) => `${e.field}: ${e.message}`).join('; '));
    this.name = 'ToolInputError';
  }
}

/**
 * An error text as a sentence ending in exactly one mark: its own ".", "?" or "!" (a run of them cut to
 * the first), or a "." added. Texts are joined from parts ("did you mean Europe/Lisbon?" inside a 400
 * detail), so whoever writes the whole text ends it here rather than appending a mark blindly.
 */
export function asSentence(text: string): string {
  const trimmed = text.trimEnd();
  // Walked back by hand rather than with /[.?!]+$/, whose backtracking is quadratic on a long run of
  // marks inside a text that echoes client input.
  let start = trimmed.length;
  while (start > 0 && '.?!'.includes(trimmed[start - 1])) start--;
  return start < trimmed.length ? trimmed.slice(0, start + 1) : `${trimmed}.`;
}

/**
 * A data provider the tool depends on cannot answer (none configured, down, refusing): the tool gives no
 * invented value. Each front end says so its own way (the API: 503 with Retry-After; MCP: a tool error).
 */
export class ToolUnavailableError extends Error {
  constructor(message: string) {
    super(asSentence(message));
    this.name = 'ToolUnavailableError';
  }
}
