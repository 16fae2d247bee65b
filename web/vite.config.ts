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
  },
  test: { include: ["test/**/*.test.ts", "test/**/*.test.tsx"], environment: "node" },
});
