import type { Page } from "playwright-core";

/** The smallest tap target, in CSS px, each side (WCAG 2.5.5; issue 22 item 10). */
export const MIN_TAP = 44;

/**
 * The controls on screen smaller than {@link MIN_TAP}×{@link MIN_TAP}, padding included, as lines
 * naming each (its test id, else its tag and text) and its size. A control is anything a finger
 * can act on: a button, link, field, tab, chip, switch, or an element the page made clickable
 * (shown by its pointer cursor). Not counted: what is hidden or inert; a control inside a larger
 * control (antd-mobile's input inside its 44 px wrapper); a link inside running text, which WCAG
 * 2.5.5's "inline" exception allows, as the line around it sets its size. `within` (a CSS
 * selector) measures only what is inside it: an open popup, say, without the page behind it.
 */
export function smallControls(page: Page, within = "body"): Promise<string[]> {
  // As text: the test's loader names functions it compiles, a name the page has no helper for.
  return page.evaluate<string[]>(`(() => {
    const MIN = ${MIN_TAP};
    const CONTROL = 'button, a[href], input:not([type="hidden"]), select, textarea, label[for], [role="button"], [role="tab"], [role="link"], [role="switch"], [role="checkbox"], [role="radio"], [role="menuitem"], [role="option"], [tabindex]:not([tabindex="-1"])';
    const big = (el) => {
      const box = el.getBoundingClientRect();
      return box.width + 0.5 >= MIN && box.height + 0.5 >= MIN;
    };
    const clickable = (el) => el.matches(CONTROL) || getComputedStyle(el).cursor === "pointer";
    const small = [];
    const roots = [...document.querySelectorAll(${JSON.stringify(within)})];
    for (const el of roots.flatMap((root) => [...root.querySelectorAll("*")])) {
      if (!clickable(el)) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.pointerEvents === "none") continue;
      if (el.closest('[aria-hidden="true"], [inert], .adm-mask')) continue;
      if (el.matches('input[type="checkbox"], input[type="radio"]') && style.opacity === "0") continue;
      // Part of a larger control: the tap lands on the control around it.
      let outer = el.parentElement;
      while (outer && !clickable(outer)) outer = outer.parentElement;
      if (outer && outer !== document.body && big(outer)) continue;
      // Inherited pointer cursor on plain text inside a control already counted.
      if (!el.matches(CONTROL) && outer && outer !== document.body) continue;
      // WCAG 2.5.5's inline exception: a link in a sentence.
      if (el.tagName === "A" && style.display === "inline") {
        const around = ((el.parentElement && el.parentElement.textContent) || "").trim();
        if (around.length > (el.textContent || "").trim().length) continue;
      }
      if (big(el)) continue;
      const label = (el.textContent || el.getAttribute("aria-label") || el.getAttribute("placeholder") || "").trim().slice(0, 24);
      const name = el.getAttribute("data-testid") || el.tagName.toLowerCase() + (el.className && typeof el.className === "string" ? "." + el.className.split(" ")[0] : "") + " " + JSON.stringify(label);
      small.push(name + " " + Math.round(box.width) + "×" + Math.round(box.height));
    }
    return small;
  })()`);
}

/**
 * What overflows the screen sideways: the page wider than the viewport, or a control that
 * reaches past its right edge (a layout pushed apart by 44 px controls), unless a row that
 * scrolls or clips sideways holds it.
 */
export function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const width = document.documentElement.clientWidth;
    const found = [];
    if (document.documentElement.scrollWidth > width + 1) found.push("page " + document.documentElement.scrollWidth + " > " + width);
    for (const el of document.querySelectorAll("button, a[href], input, [role='tab'], [role='button']")) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || el.closest('[aria-hidden="true"]')) continue;
      // A row that scrolls or clips sideways (a carousel) holds what lies past the edge on purpose.
      let clip = el.parentElement;
      while (clip && clip !== document.body && getComputedStyle(clip).overflowX === "visible") clip = clip.parentElement;
      if (clip && clip !== document.body) continue;
      if (box.right > width + 1) found.push((el.getAttribute("data-testid") || el.tagName.toLowerCase()) + " ends at " + Math.round(box.right) + " > " + width);
    }
    return found;
  })()`);
}
