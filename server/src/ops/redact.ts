/** A URL in running text: a scheme, `//`, and everything up to white space or a quote. */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi;

/**
 * `text` with every URL cut to its origin (scheme, host and port): an RPC's path, query and
 * user name or password, where providers put their keys, never reach a log line, an error a
 * client reads, or a metric. A URL that does not parse is cut after its scheme.
 */
export function redactUrls(text: string): string {
  return redactTokens(text).replace(URL_IN_TEXT, (match) => {
    try {
      const { origin, protocol } = new URL(match);
      return origin === "null" ? `${protocol}//…` : origin;
    } catch {
      return `${match.slice(0, match.indexOf("://") + 3)}…`;
    }
  });
}

/** A session token in a query string (`/api/events?token=…`, whose client cannot send headers). */
const TOKEN_IN_QUERY = /([?&](?:access_)?token=)[^&#\s"'<>`]+/gi;

/**
 * `text` with the value of every `token=` or `access_token=` query parameter replaced by
 * `[redacted]`: a path with its query string never shows a session token in a log line.
 */
export function redactTokens(text: string): string {
  return text.replace(TOKEN_IN_QUERY, "$1[redacted]");
}
