import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { compression } from "vite-plugin-compression2";
import { bootPreloads, type BootPreloadTable } from "./src/app/bootPreloads.ts";
import { ROUTES } from "./src/app/routes.ts";
import { DEFAULT_LANGUAGE, LANGUAGES, languagesToLoad, type LanguageCode } from "./src/i18n/languages.ts";

/**
 * WalletConnect (fetched only when a user picks it) uses viem and its cryptography libraries as
 * the app does. Shared modules would join the first-visit chunk (every module the entry reaches
 * is grouped there, see `codeSplitting` below), and with them every viem export WalletConnect
 * uses: about 75 kB gzip more on every first visit. WalletConnect gets its own copy instead:
 * these libraries, imported from WalletConnect's code (or from such a copy), resolve to the
 * same files under another module id, so they are only ever reached lazily.
 */
function walletConnectOwnCopy(): Plugin {
  const SUFFIX = "?walletconnect";
  const fromWalletConnect = (id: string) =>
    id.endsWith(SUFFIX) || /node_modules[\\/](@walletconnect|@reown)[\\/]/.test(id);
  const shared = /node_modules[\\/](viem|ox|abitype|@noble|@scure)[\\/]/;
  return {
    name: "walletconnect-own-copy",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!importer || !fromWalletConnect(importer) || source.includes("?")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !shared.test(resolved.id)) return null;
      return { ...resolved, id: resolved.id + SUFFIX };
    },
  };
}

/**
 * React Router's package resolves to its development build under every condition Vite uses; a
 * production build takes its production build instead (0.5 kB gzip less on the first visit).
 */
function reactRouterProduction(): Plugin {
  return {
    name: "react-router-production",
    apply: "build",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (source !== "react-router") return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return (
        resolved && { ...resolved, id: resolved.id.replace(/([\\/]dist[\\/])development([\\/])/, "$1production$2") }
      );
    },
  };
}

/**
 * TanStack Query's infinite-query helpers sit in one module with the fetch behaviour the query
 * client needs on every visit, so the helpers only the paged lists' observer uses
 * (`hasNextPage`, `hasPreviousPage`) would join the first-visit chunk with it. The observer,
 * reached only from lazily loaded screens, gets its own copy of that module instead.
 */
function infiniteQueryHelpersApart(): Plugin {
  const SUFFIX = "?infinite-observer";
  const observer = /@tanstack[\\/]query-core[\\/]build[\\/]\w+[\\/]infiniteQueryObserver\.[cm]?js$/;
  return {
    name: "dwn:infinite-query-helpers-apart",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!importer || !observer.test(importer) || !source.includes("infiniteQueryBehavior")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return null;
      return { ...resolved, id: resolved.id + SUFFIX };
    },
  };
}

const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), "src");

/** Each screen's route and module file (without its extension), as src/app/routes.ts lists them. */
function screenModules(): { pattern: string; module: string | undefined }[] {
  return Object.entries(ROUTES).map(([pattern, module]) => ({
    pattern,
    module: module === null ? undefined : path.join(SRC, module),
  }));
}

/**
 * index.html fetches the opened screen's chunks and the language's strings beside the entry,
 * instead of after the entry has run (a round trip, and on /mine some thirty requests, later).
 * The route is in the URL's hash, so the page picks them itself: the build writes the table of
 * every screen's and language's files into index.html, with src/app/bootPreloads.ts inlined.
 */
function preloadScreens(): Plugin {
  return {
    name: "dwn:preload-screens",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = new Map(
          Object.values(bundle).flatMap((item) => (item.type === "chunk" ? [[item.fileName, item] as const] : [])),
        );
        const byModule = new Map([...chunks.values()].map((chunk) => [chunk.facadeModuleId, chunk.fileName]));
        const closure = (fileName: string, into: Set<string>) => {
          const chunk = chunks.get(fileName);
          if (!chunk || into.has(fileName)) return;
          into.add(fileName);
          for (const imported of chunk.imports) closure(imported, into);
        };
        // Vite preloads the entry's static imports itself.
        const entry = new Set<string>();
        for (const chunk of chunks.values()) if (chunk.isEntry) closure(chunk.fileName, entry);
        const files: string[] = [];
        const filesOf = (module: string) => {
          const chunk = [module, `${module}.tsx`, `${module}.ts`].map((id) => byModule.get(id)).find(Boolean);
          if (!chunk) throw new Error(`No chunk of its own for ${module}.`);
          const js = new Set<string>();
          closure(chunk, js);
          const wanted = [...js].filter((file) => !entry.has(file));
          const css = wanted.flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]);
          return [...wanted, ...new Set(css)].map((file) => {
            if (!files.includes(file)) files.push(file);
            return files.indexOf(file);
          });
        };
        const routes = screenModules().map(
          ({ pattern, module }) => [pattern, module === undefined ? [] : filesOf(module)] as [string, number[]],
        );
        const locale = (code: LanguageCode) => path.join(SRC, "i18n/locales", `${code}.ts`);
        const table: BootPreloadTable = {
          base: "/chain/",
          files,
          routes,
          fallback: routes.find(([pattern]) => pattern === "home")?.[1] ?? [],
          languages: Object.fromEntries(
            LANGUAGES.map((code) => [code, languagesToLoad(code).flatMap((language) => filesOf(locale(language)))]),
          ),
          defaultLanguage: DEFAULT_LANGUAGE,
        };
        const run = `for(const l of(${bootPreloads.toString()})(JSON.parse(document.getElementById("boot-preloads").textContent),location.hash,document.cookie)){const e=document.createElement("link");Object.assign(e,l);e.crossOrigin="";document.head.append(e)}`;
        return [
          {
            tag: "script",
            attrs: { id: "boot-preloads", type: "application/json" },
            children: JSON.stringify(table),
            injectTo: "head-prepend" as const,
          },
          { tag: "script", children: run, injectTo: "head-prepend" as const },
        ];
      },
    },
  };
}

/**
 * The contracts' ABIs (contracts/generated/deployments.ts, which the first visit's reads import)
 * without what viem never reads: the compiler's `internalType` of each parameter, and the
 * `indexed: false` and `anonymous: false` of events (viem tests both for truth only). About
 * 0.4 kB gzip of the first visit. TypeScript still type-checks against the generated module.
 */
function leanAbis(): Plugin {
  return {
    name: "dwn:lean-abis",
    transform(code, id) {
      if (!/contracts[\\/]generated[\\/]deployments\.ts$/.test(id)) return null;
      return {
        code: code.replace(/^\s*"(internalType": "[^"]*"|indexed": false|anonymous": false),?\n/gm, ""),
        map: null,
      };
    },
  };
}

/** Draws src/assets/logo.svg into index.html's header, where the page's first paint shows it. */
function bootLogo(): Plugin {
  return {
    name: "dwn:boot-logo",
    transformIndexHtml: (html) =>
      html.replace("<!-- logo -->", readFileSync(path.join(SRC, "assets/logo.svg"), "utf8").trim()),
  };
}

// Served by the API server under /chain/ with hash routes (DESIGN.md §6).
export default defineConfig({
  base: "/chain/",
  plugins: [
    walletConnectOwnCopy(),
    reactRouterProduction(),
    infiniteQueryHelpersApart(),
    leanAbis(),
    react(),
    bootLogo(),
    preloadScreens(),
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
    // bench/first-visit.ts follows the import graph of the first visit through the manifest.
    manifest: true,
    // One stylesheet (8 kB Brotli) with the page: a screen's own small sheets each took one of
    // the browser's six connections before the app's scripts could have it.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically is downloaded on every visit anyway: one
          // chunk of it compresses better than the dozen small shared chunks the default
          // splitting makes of it (each lazily loaded screen also imports some of it), about
          // 11 kB gzip less on the first visit. Lazily loaded code keeps its own chunks.
          // index.html's module and main.tsx stay in the entry chunk: with either in the group,
          // the group becomes the entry and the manifest names no entry for index.html.
          // React is a chunk of its own beside it: two downloads side by side on a first visit,
          // and one that stays cached across the app's releases.
          groups: [
            {
              name: "react",
              tags: ["$initial"],
              priority: 3,
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            },
            { name: "app", tags: ["$initial"], priority: 2, test: (id) => !/\/(index\.html|src\/main\.tsx)$/.test(id) },
            // The app's own code that two or more lazily loaded chunks share (the transaction
            // flow, the upcoming-change notice, explorer links, list and placeholder components):
            // one chunk instead of a dozen of a few hundred bytes each, which on a first visit to
            // /mine or /pledge took the browser's connections and bandwidth from the screen's own
            // code (with the pull gesture's code deferred too, Lighthouse performance went from 92
            // and 82–94 to 96 on both). Screens and popups reached by import() keep chunks of their
            // own: each is reached from one place only.
            {
              name: "screens",
              priority: 1,
              minShareCount: 2,
              test: /[\\/]web[\\/]src[\\/]/,
            },
            // antd-mobile's buttons, icons and the helpers its components share: one chunk for the
            // screens instead of a dozen small requests each. The two helpers that animate belong
            // with the animation library.
            {
              name: "ui",
              priority: 1,
              test: (id) =>
                /node_modules[\\/](antd-mobile[\\/]es[\\/](utils|components[\\/](dot-loading|safe-area|auto-center|button))[\\/]|antd-mobile-icons|ahooks|tslib|react-is|lodash|rc-util|classnames|staged-components|@babel)/.test(
                  id,
                ) && !/(reduce-and-restore-motion|use-tab-list-scroll)/.test(id),
            },
            // The overlays (popups, dialogs, toasts, the loading spinner) with their animation and
            // gesture libraries: needed once the user acts, not for a screen's first paint.
            {
              name: "overlay",
              test: /node_modules[\\/](antd-mobile[\\/]es[\\/](components[\\/](popup|center-popup|dialog|mask|toast|spin-loading)[\\/]|utils[\\/](reduce-and-restore-motion|use-tab-list-scroll))|@react-spring|@use-gesture)/,
            },
          ],
        },
      },
    },
  },
  test: { include: ["test/**/*.test.ts", "test/**/*.test.tsx"], environment: "node" },
});
