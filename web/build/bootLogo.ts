import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

/** Draws the logo (src/assets/logo.svg) into index.html's header, where the page's first paint shows it. */
export function bootLogo(svgFile: string): Plugin {
  return {
    name: "dwn:boot-logo",
    transformIndexHtml: (html) => html.replace("<!-- logo -->", readFileSync(svgFile, "utf8").trim()),
  };
}
