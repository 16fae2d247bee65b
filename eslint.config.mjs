import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";

export default tseslint.config(
  { ignores: ["**/node_modules/", "**/artifacts/", "**/cache/", "**/coverage/", "**/generated/", "**/dist/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  { files: ["web/src/**/*.{ts,tsx}"], languageOptions: { globals: { ...globals.browser } } },
  { files: ["**/*.cjs", "**/.solcover.js"], rules: { "@typescript-eslint/no-require-imports": "off" } },
);
