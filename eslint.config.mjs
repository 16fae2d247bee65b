import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/",
      "**/artifacts/",
      "**/cache/",
      "**/coverage/",
      "**/coverage-artifacts/",
      "**/coverage-cache/",
      "**/generated/",
      "**/dist/",
    ],
  },
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
  {
    // The antd-mobile index drags Toast, Mask and their animation library into every chunk
    // that imports it, the first visit's included: import each component by its own path.
    files: ["web/src/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "antd-mobile",
              message: 'Import the component by its path, e.g. "antd-mobile/es/components/button".',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  { files: ["**/*.cjs", "**/.solcover.js"], rules: { "@typescript-eslint/no-require-imports": "off" } },
);
