import axe from "axe-core";
import type { Page } from "playwright-core";

/** The rules checked: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] as const;

/** A violation as a line a failing test can show: the rule, its impact, and where it was met. */
export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

/**
 * Runs axe-core in the page (the whole document, the open popup among it) against
 * {@link WCAG_TAGS} and returns its violations of impact serious or critical. axe is injected
 * through the DevTools protocol (Runtime.evaluate), which the page's Content-Security-Policy
 * does not govern: the page keeps its own policy for everything it loads itself.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate("typeof window.axe === 'object'"))) await page.evaluate(axe.source);
  // As text: the test's loader names functions it compiles, a name the page has no helper for.
  const violations = await page.evaluate<AxeViolation[]>(`(async () => {
    const result = await window.axe.run(document, {
      runOnly: { type: "tag", values: ${JSON.stringify(WCAG_TAGS)} },
      resultTypes: ["violations"],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact || "unknown",
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({
        target: n.target.join(" "),
        html: n.html.slice(0, 160),
        summary: (n.failureSummary || "").replace(/\\s+/g, " ").slice(0, 240),
      })),
    }));
  })()`);
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** Violations as readable lines, each prefixed with where the page was (`where`). */
export function describeViolations(where: string, violations: readonly AxeViolation[]): string[] {
  return violations.map(
    (v) =>
      `${where}: ${v.id} (${v.impact}) ${v.help}: ` +
      v.nodes.map((n) => `${n.target} ${n.html} — ${n.summary}`).join(" | "),
  );
}
