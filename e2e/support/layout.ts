import type { Page } from "playwright-core";
import { FRAME } from "./ready";

/**
 * What sticks out past the viewport's right edge on the page now, outside any element that
 * scrolls or clips sideways (carousels): each as its test id or tag and classes, with its right edge.
 */
export function overflowing(page: Page): Promise<{ scrollWidth: number; width: number; out: string[] }> {
  // As text: the test's loader names functions it compiles, a name the page has no helper for.
  return page.evaluate(`(() => {
    const width = document.documentElement.clientWidth;
    const out = [];
    for (const el of document.body.querySelectorAll("*")) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 0.5) continue;
      let clipped = false;
      for (let e = el.parentElement; e && !clipped; e = e.parentElement) {
        clipped = ["hidden", "auto", "scroll", "clip"].includes(getComputedStyle(e).overflowX);
      }
      if (clipped) continue;
      const name = el.getAttribute("data-testid") || el.tagName.toLowerCase() + "." + [...el.classList].join(".");
      out.push(name + " (right " + Math.round(box.right) + ")");
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, out: out.slice(0, 10) };
  })()`);
}

/**
 * Where the popup holding `testId` sits: its frame (antd-mobile's centred wrap, or the sliding
 * popup's body) must lie inside the viewport, a centred one equally far from both sides, and
 * nothing inside it may stick out of the frame (unless a part of it scrolls or clips sideways).
 */
export function misplaced(page: Page, testId: string): Promise<string[]> {
  return page.evaluate(`(() => {
    const FRAME = ${JSON.stringify(FRAME)};
    const width = document.documentElement.clientWidth;
    const el = document.querySelector('[data-testid="${testId}"]');
    if (!el) return ["${testId}: not shown"];
    const frame = el.closest(FRAME) || el.querySelector(FRAME) || el;
    const box = frame.getBoundingClientRect();
    const problems = [];
    if (box.left < -0.5 || box.right > width + 0.5) {
      problems.push("${testId}: frame " + Math.round(box.left) + " to " + Math.round(box.right) + " of " + width);
    }
    if (frame.classList.contains("adm-center-popup-wrap") && Math.abs(box.left - (width - box.right)) > 1) {
      problems.push("${testId}: off centre, " + Math.round(box.left) + " left and " + Math.round(width - box.right) + " right");
    }
    for (const inner of frame.querySelectorAll("*")) {
      const r = inner.getBoundingClientRect();
      if (r.width === 0 || (r.left >= box.left - 0.5 && r.right <= box.right + 0.5)) continue;
      let clipped = false;
      for (let e = inner.parentElement; e && e !== frame && !clipped; e = e.parentElement) {
        clipped = ["hidden", "auto", "scroll", "clip"].includes(getComputedStyle(e).overflowX);
      }
      if (clipped) continue;
      const name = inner.getAttribute("data-testid") || inner.tagName.toLowerCase() + "." + [...inner.classList].join(".");
      problems.push("${testId}: " + name + " spans " + Math.round(r.left) + " to " + Math.round(r.right) + " in a frame " + Math.round(box.left) + " to " + Math.round(box.right));
      if (problems.length > 5) break;
    }
    return problems;
  })()`);
}

/**
 * What of the popup holding `testId` a user cannot reach: its frame must lie inside the viewport
 * from top to bottom, and each of its controls, scrolled to (the frame scrolls when the screen is
 * short), must then lie inside the viewport.
 */
export function unreachable(page: Page, testId: string): Promise<string[]> {
  return page.evaluate(`(() => {
    const el = document.querySelector('[data-testid="${testId}"]');
    if (!el) return ["${testId}: not shown"];
    const frame = el.closest(${JSON.stringify(FRAME)}) || el.querySelector(${JSON.stringify(FRAME)}) || el;
    const height = document.documentElement.clientHeight;
    const box = frame.getBoundingClientRect();
    const problems = [];
    if (box.top < -0.5 || box.bottom > height + 0.5) {
      problems.push("${testId}: frame " + Math.round(box.top) + " to " + Math.round(box.bottom) + " of " + height + " high");
    }
    for (const control of frame.querySelectorAll("button, a[href], input, [role='button']")) {
      control.scrollIntoView({ block: "nearest" });
      const r = control.getBoundingClientRect();
      if (r.height === 0 || (r.top >= -0.5 && r.bottom <= height + 0.5)) continue;
      const name = control.getAttribute("data-testid") || control.tagName.toLowerCase() + "." + [...control.classList].join(".");
      problems.push("${testId}: " + name + " out of reach, " + Math.round(r.top) + " to " + Math.round(r.bottom) + " of " + height + " high");
    }
    return problems;
  })()`);
}
