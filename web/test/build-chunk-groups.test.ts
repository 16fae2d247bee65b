import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkAntdMobileLayout, chunkGroups, packageOf } from "../build/chunkGroups";

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SRC = path.join(WEB, "src");
const NM = path.join(WEB, "..", "node_modules");
const groups = chunkGroups({ srcDir: SRC, entryModules: [path.join(WEB, "index.html"), path.join(SRC, "main.tsx")] });

/** The groups whose test takes the module `id` (rolldown then picks by priority and tags). */
const groupsOf = (id: string) =>
  groups.filter(({ test }) => typeof test === "function" && test(id)).map(({ name }) => name);

describe("the chunks the build groups modules into", () => {
  it("finds a module's package, nested copies and scopes included", () => {
    expect(packageOf(`${NM}/antd-mobile/es/components/button/button.js`)).toEqual({
      name: "antd-mobile",
      file: "es/components/button/button.js",
    });
    expect(packageOf(`${NM}/@walletconnect/utils/node_modules/ox/_esm/core/Hex.js?walletconnect`)).toEqual({
      name: "ox",
      file: "_esm/core/Hex.js",
    });
    expect(packageOf(`${NM}/@react-spring/web/dist/react-spring_web.modern.mjs`)?.name).toBe("@react-spring/web");
    expect(packageOf(`${SRC}/main.tsx`)).toBeUndefined();
  });

  it("puts antd-mobile's buttons and shared helpers with the screens, its overlays with their animation", () => {
    const antd = (file: string) => groupsOf(`${NM}/antd-mobile/es/${file}`).filter((name) => name !== "app");
    expect(antd("components/button/button.js")).toEqual(["ui"]);
    expect(antd("components/dot-loading/dot-loading.js")).toEqual(["ui"]);
    expect(antd("components/safe-area/safe-area.js")).toEqual(["ui"]);
    expect(antd("utils/native-props.js")).toEqual(["ui"]);
    expect(antd("utils/with-default-props.js")).toEqual(["ui"]);
    for (const overlay of ["popup/popup.js", "center-popup/center-popup.js", "dialog/index.js", "mask/mask.js"])
      expect(antd(`components/${overlay}`)).toEqual(["overlay"]);
    expect(antd("components/toast/methods.js")).toEqual(["overlay"]);
    expect(antd("components/spin-loading/spin-loading.js")).toEqual(["overlay"]);
    expect(antd("utils/reduce-and-restore-motion.js")).toEqual(["overlay"]);
    // A screen's own component (the tabs, the list) stays with the screen that uses it.
    expect(antd("components/pull-to-refresh/pull-to-refresh.js")).toEqual([]);
    expect(antd("components/infinite-scroll/infinite-scroll.js")).toEqual([]);
  });

  it("by package name, nested or not", () => {
    const outsideApp = (id: string) => groupsOf(id).filter((name) => name !== "app");
    expect(outsideApp(`${NM}/@react-spring/core/dist/react-spring_core.modern.mjs`)).toEqual(["overlay"]);
    expect(outsideApp(`${NM}/@use-gesture/react/dist/use-gesture-react.esm.js`)).toEqual(["overlay"]);
    expect(outsideApp(`${NM}/ahooks/es/useMemoizedFn/index.js`)).toEqual(["ui"]);
    expect(outsideApp(`${NM}/ahooks/node_modules/lodash/debounce.js`)).toEqual(["ui"]);
    expect(outsideApp(`${NM}/@babel/runtime/helpers/esm/extends.js`)).toEqual(["ui"]);
    expect(outsideApp(`${NM}/antd-mobile-icons/es/CloseOutline.js`)).toEqual(["ui"]);
    expect(outsideApp(`${NM}/react-dom/cjs/react-dom.production.js`)).toEqual(["react"]);
    expect(outsideApp(`${NM}/scheduler/index.js`)).toEqual(["react"]);
    // Packages whose names only begin like a grouped one's are not grouped.
    expect(outsideApp(`${NM}/react-router/dist/production/index.mjs`)).toEqual([]);
    expect(outsideApp(`${NM}/react-i18next/dist/es/index.js`)).toEqual([]);
    expect(outsideApp(`${NM}/viem/_esm/index.js`)).toEqual([]);
    // viem's RPC error classes, fetched when a request fails (build/rpcErrorsLater.ts); not WalletConnect's copy.
    expect(outsideApp(`${NM}/viem/_esm/errors/rpc.js`)).toEqual(["rpc-errors"]);
    expect(outsideApp(`${NM}/viem/_esm/errors/rpc.js?walletconnect`)).toEqual([]);
  });

  it("puts the app's shared code with the screens, and keeps the page's module and main.tsx as the entry", () => {
    expect(groupsOf(`${SRC}/features/tx/useTransaction.ts`)).toEqual(["app", "screens"]);
    expect(groupsOf(path.join(WEB, "index.html"))).toEqual([]);
    expect(groupsOf(path.join(SRC, "main.tsx"))).toEqual(["screens"]);
    expect(groupsOf(`${WEB}/../api/src/client.ts`)).toEqual(["app"]);
  });

  it("refuses an antd-mobile without the folders the groups name", () => {
    expect(() => checkAntdMobileLayout(WEB)).not.toThrow();
    const root = mkdtempSync(path.join(tmpdir(), "dwn-antd-"));
    try {
      const es = path.join(root, "node_modules", "antd-mobile", "es");
      mkdirSync(path.join(es, "components", "button"), { recursive: true });
      writeFileSync(path.join(root, "node_modules", "antd-mobile", "package.json"), "{}");
      expect(() => checkAntdMobileLayout(root)).toThrow(/antd-mobile has no .*components[\\/]popup/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
