import { existsSync } from "node:fs";
import path from "node:path";
import type { Rolldown } from "vite";

/**
 * The package a module id is a file of (the last `node_modules` folder of its path, so a copy
 * nested in another package counts as that package), and the file's path inside it with "/";
 * undefined for a module outside node_modules.
 */
export function packageOf(id: string): { name: string; file: string } | undefined {
  const match = /^.*[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]([^?]*)/.exec(id);
  if (!match) return undefined;
  return { name: match[1].replace(/\\/g, "/"), file: match[2].replace(/\\/g, "/") };
}

/** antd-mobile's component folders (es/components/…) and helper files (es/utils/….js) by chunk. */
export const ANTD_MOBILE = {
  ui: { components: ["dot-loading", "safe-area", "auto-center", "button"], utils: "every other" },
  overlay: {
    components: ["popup", "center-popup", "dialog", "mask", "toast", "spin-loading"],
    utils: ["reduce-and-restore-motion", "use-tab-list-scroll"],
  },
} as const;

/** The packages beside antd-mobile its screens' chunks group: a name, or a scope ending in "/". */
const UI_PACKAGES = [
  "antd-mobile-icons",
  "ahooks",
  "tslib",
  "react-is",
  "lodash",
  "rc-util",
  "classnames",
  "staged-components",
  "@babel/",
];
const OVERLAY_PACKAGES = ["@react-spring/", "@use-gesture/"];
const REACT_PACKAGES = ["react", "react-dom", "scheduler"];
/** viem's RPC error classes (not WalletConnect's own copy of them, walletConnectOwnCopy.ts). */
const VIEM_RPC_ERRORS = /[\\/]node_modules[\\/]viem[\\/]_esm[\\/]errors[\\/]rpc\.js$/;

const inPackages = (names: readonly string[]) => (id: string) => {
  const name = packageOf(id)?.name;
  return (
    name !== undefined && names.some((wanted) => (wanted.endsWith("/") ? name.startsWith(wanted) : name === wanted))
  );
};

/** Where antd-mobile's files of `id` are: a component's folder or a helper, else undefined. */
function antdMobilePart(id: string): { components: string } | { utils: string } | undefined {
  const at = packageOf(id);
  if (at?.name !== "antd-mobile") return undefined;
  const component = /^es\/components\/([^/]+)\//.exec(at.file)?.[1];
  if (component) return { components: component };
  const helper = /^es\/utils\/(.+)\.js$/.exec(at.file)?.[1];
  return helper === undefined ? undefined : { utils: helper };
}

/**
 * The folders and files of antd-mobile that ANTD_MOBILE names, checked in the installed package
 * (found from `fromDir` as Node finds it): an update that moves them fails the build here
 * instead of sending its modules to other chunks without a word.
 */
export function checkAntdMobileLayout(fromDir: string): void {
  let dir = path.resolve(fromDir);
  while (!existsSync(path.join(dir, "node_modules", "antd-mobile", "package.json"))) {
    if (path.dirname(dir) === dir) throw new Error(`No antd-mobile installed for ${fromDir}.`);
    dir = path.dirname(dir);
  }
  const root = path.join(dir, "node_modules", "antd-mobile", "es");
  const named = [
    ...[...ANTD_MOBILE.ui.components, ...ANTD_MOBILE.overlay.components].map((name) => path.join("components", name)),
    ...ANTD_MOBILE.overlay.utils.map((name) => path.join("utils", `${name}.js`)),
  ];
  const missing = named.filter((name) => !existsSync(path.join(root, name)));
  if (missing.length > 0)
    throw new Error(`antd-mobile has no ${missing.join(", ")}: the chunk groups (build/chunkGroups.ts) name them.`);
}

/**
 * The chunks the build makes of the shared code (rolldown's `output.codeSplitting.groups`).
 * `srcDir` is the app's source folder; `entryModules` the page's own module (index.html) and
 * the app's entry module (src/main.tsx).
 */
export function chunkGroups({
  srcDir,
  entryModules,
}: {
  srcDir: string;
  entryModules: string[];
}): Rolldown.CodeSplittingGroup[] {
  checkAntdMobileLayout(srcDir);
  const overlayPart = (id: string) => {
    const part = antdMobilePart(id);
    if (!part) return false;
    return "components" in part
      ? (ANTD_MOBILE.overlay.components as readonly string[]).includes(part.components)
      : (ANTD_MOBILE.overlay.utils as readonly string[]).includes(part.utils);
  };
  const uiPart = (id: string) => {
    const part = antdMobilePart(id);
    if (!part) return false;
    return "components" in part
      ? (ANTD_MOBILE.ui.components as readonly string[]).includes(part.components)
      : !overlayPart(id);
  };
  return [
    // Everything the entry imports statically is downloaded on every visit anyway: one chunk of
    // it compresses better than the dozen small shared chunks the default splitting makes of it
    // (each lazily loaded screen also imports some of it), about 11 kB gzip less on the first
    // visit. Lazily loaded code keeps its own chunks. index.html's module and main.tsx stay in
    // the entry chunk: with either in the group, the group becomes the entry and the manifest
    // names no entry for index.html. React is a chunk of its own beside it: two downloads side
    // by side on a first visit, and one that stays cached across the app's releases.
    { name: "react", tags: ["$initial"], priority: 3, test: inPackages(REACT_PACKAGES) },
    { name: "app", tags: ["$initial"], priority: 2, test: (id) => !entryModules.includes(id) },
    // The app's own code that two or more lazily loaded chunks share (the transaction flow, the
    // upcoming-change notice, explorer links, list and placeholder components): one chunk
    // instead of a dozen of a few hundred bytes each, which on a first visit to /mine or /pledge
    // took the browser's connections and bandwidth from the screen's own code (with the pull
    // gesture's code deferred too, Lighthouse performance went from 92 and 82–94 to 96 on
    // both). Screens and popups reached by import() keep chunks of their own: each is reached
    // from one place only.
    { name: "screens", priority: 1, minShareCount: 2, test: (id) => id.startsWith(srcDir + path.sep) },
    // viem's RPC error classes, which a request fetches when it fails with a JSON-RPC code
    // (build/rpcErrorsLater.ts): a chunk of their own, not a part of a larger one fetched then.
    { name: "rpc-errors", priority: 2, test: (id) => VIEM_RPC_ERRORS.test(id) },
    // antd-mobile's buttons, icons and the helpers its components share: one chunk for the
    // screens instead of a dozen small requests each. The two helpers that animate belong with
    // the animation library.
    { name: "ui", priority: 1, test: (id) => uiPart(id) || inPackages(UI_PACKAGES)(id) },
    // The overlays (popups, dialogs, toasts, the loading spinner) with their animation and
    // gesture libraries: needed once the user acts, not for a screen's first paint.
    { name: "overlay", test: (id) => overlayPart(id) || inPackages(OVERLAY_PACKAGES)(id) },
  ];
}
