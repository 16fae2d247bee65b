import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

// Served by the API server under /chain/ with hash routes (DESIGN.md §6).
export default defineConfig({
  base: "/chain/",
  plugins: [react()],
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
