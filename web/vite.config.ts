import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { compression } from "vite-plugin-compression2";
import { bootLogo } from "./build/bootLogo.ts";
import { chunkGroups } from "./build/chunkGroups.ts";
import { infiniteQueryHelpersApart } from "./build/infiniteQueryHelpersApart.ts";
import { leanAbis } from "./build/leanAbis.ts";
import { prerenderShells } from "./build/prerenderShells.ts";
import { preloadScreens, type PreloadScreensOptions } from "./build/preloadScreens.ts";
import { rpcErrorsLater } from "./build/rpcErrorsLater.ts";
import { walletConnectOwnCopy } from "./build/walletConnectOwnCopy.ts";
import { ROUTES } from "./src/app/routes.ts";
import { DEFAULT_LANGUAGE, LANGUAGES, languagesToLoad } from "./src/i18n/languages.ts";

const WEB = path.dirname(fileURLToPath(import.meta.url));
const SRC = path.join(WEB, "src");
const BASE = "/chain/";

// Each screen's and language's files, which index.html fetches ahead (build/preloadScreens.ts).
const PRELOAD: PreloadScreensOptions = {
  base: BASE,
  routes: Object.entries(ROUTES).map(([pattern, module]) => ({
    pattern,
    module: module === null ? undefined : path.join(SRC, module),
  })),
  fallback: "home",
  languages: Object.fromEntries(
    LANGUAGES.map((code) => [code, languagesToLoad(code).map((l) => path.join(SRC, "i18n/locales", l))]),
  ),
  screenLanguages: Object.fromEntries(
    LANGUAGES.map((code) => [
      code,
      // The complete languages' (src/i18n/resources.ts, SCREEN_LOADERS): the others fall back to them.
      languagesToLoad(code)
        .map((l) => path.join(SRC, "i18n/locales", `${l}-screens`))
        .filter((module) => existsSync(`${module}.ts`)),
    ]),
  ),
  defaultLanguage: DEFAULT_LANGUAGE,
};

// Served by the API server under /chain/ with hash routes (DESIGN.md §6). Each plugin of the
// app's own is a file of build/, tested on its own (test/build-*.test.ts).
export default defineConfig({
  base: BASE,
  plugins: [
    walletConnectOwnCopy(),
    infiniteQueryHelpersApart(),
    leanAbis(),
    rpcErrorsLater(),
    react(),
    bootLogo(path.join(SRC, "assets/logo.svg")),
    preloadScreens(PRELOAD),
    prerenderShells({ entry: path.join(SRC, "app/prerender.tsx"), root: WEB, preload: PRELOAD }),
    // Brotli and gzip copies beside each text file, served by the server in place of the file when
    // the browser accepts them (@fastify/static's preCompressed): a third of the bytes, no CPU per request.
    compression({
      algorithms: ["brotliCompress", "gzip"],
      include: /\.(js|css|html|svg)$/,
      threshold: 1024,
      skipIfLargerOrEqual: true,
      logLevel: "silent",
    }),
  ],
  resolve: { dedupe: ["react", "react-dom"] },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // No modulepreload polyfill on the first visit (0.3 kB gzip): every browser the es2022 target
    // runs on but Safari before 17 supports modulepreload, and there a preload link is only a
    // hint left unused: the chunk still loads when it is imported.
    modulePreload: { polyfill: false },
    // bench/first-visit.ts follows the import graph of the first visit through the manifest.
    manifest: true,
    // The page's stylesheet holds the CSS of what the first screen shows (the shell, home and
    // antd-mobile's button, 3 kB Brotli instead of 8): each lazily loaded chunk's CSS comes with
    // it, and Vite's import() resolves only once that CSS has loaded, so no screen or popup paints
    // unstyled. The screen a page opens on has its sheets fetched ahead by build/preloadScreens.ts.
    cssCodeSplit: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: chunkGroups({
            srcDir: SRC,
            entryModules: [path.join(WEB, "index.html"), path.join(SRC, "main.tsx")],
          }),
        },
      },
    },
  },
  // The test files share one module graph (isolate: false): each imported viem, React and the app
  // again, which was half of the stage's CPU (90 s against 48 s). No file relies on a fresh module:
  // they pass in shuffled file orders (`npx vitest run --sequence.shuffle.files`).
  test: { include: ["test/**/*.test.ts", "test/**/*.test.tsx"], environment: "node", isolate: false },
});
