/**
 * A screen rendered to HTML as the page carries it for a shell (build/prerenderShells.ts, and the
 * server's shells with figures): without the inline scripts React's rendering leaves (a timing
 * mark), which the page does not run, and with each test id as `data-shell-testid`: a test id
 * says the app is there to act on it, and a shell is not yet the app (the benchmarks look for both).
 */
export function shellMarkup(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "").replace(/ data-testid="/g, ' data-shell-testid="');
}

/** Each language's shell of each screen, as the page carries them: `shells[language][screen]` is the markup of #root. */
export type Shells = Record<string, Record<string, string>>;
