import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { compression } from "vite-plugin-compression2";

/** The lazily loaded modules a first visit to /chain/#/home needs before it shows anything. */
const FIRST_VISIT_LAZY = ["/src/i18n/locales/zh-cn.ts", "/src/features/home/HomePage.tsx"];

/**
 * `<link rel="modulepreload">` for the default language's strings and the home screen, with
 * their static imports: the browser fetches them beside the entry instead of after it has run,
 * which takes a round trip off the first visit's first render.
 */
function preloadFirstVisit(): Plugin {
  return {
    name: "dwn:preload-first-visit",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = new Map(
          Object.values(bundle).flatMap((item) => (item.type === "chunk" ? [[item.fileName, item] as const] : [])),
        );
        const closure = (fileName: string, into: Set<string>) => {
          const chunk = chunks.get(fileName);
          if (!chunk || into.has(fileName)) return;
          into.add(fileName);
          for (const imported of chunk.imports) closure(imported, into);
        };
        // Vite preloads the entry's static imports itself.
        const entryFiles = new Set<string>();
        const files = new Set<string>();
        for (const chunk of chunks.values()) {
          if (chunk.isEntry) closure(chunk.fileName, entryFiles);
          if (FIRST_VISIT_LAZY.some((module) => chunk.facadeModuleId?.endsWith(module))) closure(chunk.fileName, files);
        }
        return [...files]
          .filter((file) => !entryFiles.has(file))
          .map((file) => ({
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, href: `/chain/${file}` },
            injectTo: "head" as const,
          }));
      },
    },
  };
}

// Served by the API server under /chain/ with hash routes (DESIGN.md §6).
export default defineConfig({
  base: "/chain/",
  plugins: [
    react(),
    preloadFirstVisit(),
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically is downloaded on every visit anyway: one
          // chunk of it compresses better than the dozen small shared chunks the default
          // splitting makes of it (each lazily loaded screen also imports some of it), about
          // 11 kB gzip less on the first visit. Lazily loaded code keeps its own chunks.
          // index.html's module and main.tsx stay in the entry chunk: with either in the group,
          // the group becomes the entry and the manifest names no entry for index.html.
          groups: [{ name: "app", tags: ["$initial"], test: (id) => !/\/(index\.html|src\/main\.tsx)$/.test(id) }],
        },
      },
    },
  },
  test: { include: ["test/**/*.test.ts", "test/**/*.test.tsx"], environment: "node" },
});
