import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";
import { readdirSync } from "node:fs";

/** Import antd-mobile's components by path (see the web rules below). */
const ANTD_MOBILE_INDEX = {
  name: "antd-mobile",
  message: 'Import the component by its path, e.g. "antd-mobile/es/components/button".',
  allowTypeImports: true,
};

/**
 * The web app's features (web/src/features/*): one may import another only through its public
 * entries, its index.ts and the modules named here; what several features use lives in
 * features/shared, which any may import. The modules named here are those others load with
 * import() (their own chunks: an index would bring its whole feature along) or that the
 * wallet and the transaction flow offer each other without an import cycle through an index.
 */
const FEATURE_ENTRIES = {
  tx: ["pending", "received", "PendingBadge", "RecentTransactions", "recentStrings", "LazyNetworkFee", "networkFee"],
  wallet: ["context", "rootInvite", "components/InviteProblem", "components/OpenInWallet"],
  changes: ["UpcomingChanges"],
};
const FEATURES = readdirSync(new URL("./web/src/features/", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureRules = FEATURES.map((feature) => ({
  files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    "@typescript-eslint/no-restricted-imports": [
      "error",
      {
        paths: [ANTD_MOBILE_INDEX],
        patterns: FEATURES.filter((other) => other !== feature && other !== "shared").map((other) => ({
          regex: `(^|/)${other}/(?!(${(FEATURE_ENTRIES[other] ?? []).join("|") || "index"})$).+`,
          message: `features/${other} is imported through its public entries only (its index.ts${
            FEATURE_ENTRIES[other] ? `, ${FEATURE_ENTRIES[other].join(", ")}` : ""
          }): move what several features use to features/shared.`,
        })),
      },
    ],
  },
}));

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
      "web/dist.*/",
      "server/.cache/",
      "e2e/.cache/",
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
      "@typescript-eslint/no-restricted-imports": ["error", { paths: [ANTD_MOBILE_INDEX] }],
    },
  },
  ...featureRules,
  { files: ["**/*.cjs", "**/.solcover.js"], rules: { "@typescript-eslint/no-require-imports": "off" } },
);
