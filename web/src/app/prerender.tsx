/**
 * The visitor's view of each screen (signed out, no wallet, no figure read yet) as HTML, in each
 * language: what build/prerenderShells.ts puts into index.html for the page to show before its
 * JavaScript runs. It renders the app's own layout and screens, so a shell cannot differ from
 * the screen the app then draws in its place.
 */
import type { RuntimeConfig } from "@dwn/api";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ComponentType, ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { prerender } from "react-dom/static";
import { Router } from "wouter";
import { AnnouncementListPage } from "../features/announcement/AnnouncementListPage";
import { HomePage } from "../features/home/HomePage";
import { MenuProvider } from "../features/menu/MenuContext";
import { MinePage } from "../features/mine/MinePage";
import { PledgePage } from "../features/pledge/PledgePage";
import { SharePage } from "../features/share/SharePage";
import { WalletContext } from "../features/wallet/context";
import { createLazyWalletMachine } from "../features/wallet/lazyMachine";
import { signedOutState } from "../features/wallet/state";
import { I18nProvider } from "../i18n/react";
import { loadResources } from "../i18n/resources";
import { createI18n } from "../i18n/translate";
import { chainFromConfig } from "../lib/chain";
import { RuntimeConfigProvider } from "../lib/runtime";
import { AppLayout } from "./AppLayout";
import { hrefOf } from "./hashRouter";
import { createQueryClient } from "./queryClient";
import type { ScreenRoute } from "./routes";

/** The screens with a shell: those a visitor opens first. */
export const SHELL_SCREENS = {
  home: HomePage,
  share: SharePage,
  mine: MinePage,
  pledge: PledgePage,
  announcement: AnnouncementListPage,
} satisfies Partial<Record<ScreenRoute, ComponentType>>;

/** The languages with a shell: the complete ones (the others fall back and keep the skeleton). */
export const SHELL_LANGUAGES = ["zh-cn", "en-us"] as const;

/**
 * A deployment's stand-in: a visitor's view names no address and reads nothing while it is
 * rendered to HTML, so no figure of it reaches a shell (every figure is a placeholder).
 */
const ZERO = "0x0000000000000000000000000000000000000000";
const CONFIG: RuntimeConfig = {
  chain: {
    id: 56,
    name: "BNB Smart Chain",
    rpcUrl: "http://127.0.0.1/",
    currency: { name: "BNB", symbol: "BNB", decimals: 18 },
    explorer: "http://127.0.0.1/",
  },
  contracts: { usdt: ZERO, dwn9: ZERO, dwn: ZERO, a8: ZERO, udbk: ZERO, pool: ZERO, staking: ZERO },
  publicKey: "",
};

/** Every screen's shell in every language: `shells[language][screen]` is the HTML of #root. */
export async function renderShells(): Promise<Record<string, Record<string, string>>> {
  // The API's client names its origin when made (lib/api.ts); nothing is asked of it here.
  globalThis.location ??= Object.assign(new URL("http://localhost/chain/"), { hash: "" }) as unknown as Location;
  const resources = await loadResources(SHELL_LANGUAGES);
  const shells: Record<string, Record<string, string>> = {};
  for (const language of SHELL_LANGUAGES) {
    const i18n = createI18n({ resources, language });
    shells[language] = {};
    for (const [screen, Screen] of Object.entries(SHELL_SCREENS)) {
      const element = (
        <Visitor screen={screen} i18n={i18n}>
          <Screen />
        </Visitor>
      );
      // Once to load every lazily loaded part it shows, then in one piece: a shell is the screen
      // as it renders, in its order, not a fallback with parts moved in by scripts.
      await prerender(element, {
        onError(error) {
          throw error;
        },
      });
      const html = renderToString(element);
      if (/<!--\$[!?]-->/.test(html)) throw new Error(`The shell of ${screen} still waits for a part.`);
      shells[language][screen] = html;
    }
  }
  return shells;
}

/** The providers the app puts around a screen, for a visitor at `#/screen`. */
function Visitor({
  screen,
  i18n,
  children,
}: {
  screen: string;
  i18n: ReturnType<typeof createI18n>;
  children: ReactNode;
}) {
  const machine = createLazyWalletMachine({
    initialState: signedOutState(null),
    hasStoredSession: () => false,
    load: () => Promise.reject(new Error("No wallet while a shell is rendered.")),
    onLoadError: () => {},
  });
  return (
    <QueryClientProvider client={createQueryClient()}>
      <RuntimeConfigProvider config={CONFIG}>
        <I18nProvider i18n={i18n}>
          <Router ssrPath={`/${screen}`} ssrSearch="" hrefs={hrefOf}>
            <WalletContext.Provider value={{ machine, chain: chainFromConfig(CONFIG) }}>
              <MenuProvider>
                <AppLayout>{children}</AppLayout>
              </MenuProvider>
            </WalletContext.Provider>
          </Router>
        </I18nProvider>
      </RuntimeConfigProvider>
    </QueryClientProvider>
  );
}
