/**
 * The visitor's view of each screen (signed out, no wallet, no figure read yet) as HTML, in each
 * language: what build/prerenderShells.ts puts into index.html for the page to show before its
 * JavaScript runs. It renders the app's own layout and screens, so a shell cannot differ from
 * the screen the app then draws in its place.
 *
 * The build also keeps this module, built for Node, beside the app (`.shells/` in its folder):
 * the server renders with it the shells of the screens that show public chain figures, with the
 * figures it writes into the page (server/src/serve/plugins/web.ts), so on a slow network those
 * figures show with the shell, not seconds later with the app.
 */
import type { RuntimeConfig } from "@dwn/api";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { prerender } from "react-dom/static";
import { Router } from "wouter";
import { AnnouncementListPage, prefetchAnnouncements } from "../features/announcement/AnnouncementListPage";
import { HomePage, prefetchHome } from "../features/home/HomePage";
import { MenuProvider } from "../features/menu/MenuContext";
import { MinePage, prefetchMine } from "../features/mine/MinePage";
import { mendStepperMarkup } from "../features/pledge/components/UnitsStepper";
import { PledgePage, prefetchPledge } from "../features/pledge/PledgePage";
import { SharePage } from "../features/share/SharePage";
import { WalletContext } from "../features/wallet/context";
import { createLazyWalletMachine } from "../features/wallet/lazyMachine";
import { signedOutState } from "../features/wallet/state";
import { I18nProvider } from "../i18n/react";
import { loadResources } from "../i18n/resources";
import { createI18n } from "../i18n/translate";
import { chainFromConfig } from "../lib/chain";
import { RuntimeConfigProvider } from "../lib/runtime";
import { setServedFigures } from "../lib/served";
import { AppLayout } from "./AppLayout";
import { hrefOf } from "./hashRouter";
import { createQueryClient } from "./queryClient";
import type { ScreenRoute } from "./routes";
import type { ScreenModule } from "./screens";
import { shellMarkup, type Shells } from "./shellMarkup";

/** The screens with a shell: those a visitor opens first; with `prefetch`, those showing what the page carries (its chain figures, its announcements). */
export const SHELL_SCREENS = {
  home: { Screen: HomePage, prefetch: prefetchHome },
  share: { Screen: SharePage },
  mine: { Screen: MinePage, prefetch: prefetchMine },
  pledge: { Screen: PledgePage, prefetch: prefetchPledge },
  announcement: { Screen: AnnouncementListPage, prefetch: prefetchAnnouncements },
} satisfies Partial<Record<ScreenRoute, ScreenModule>>;

type ShellScreen = keyof typeof SHELL_SCREENS;

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

/** A part still loading where the HTML has its fallback (React's markers of a suspended boundary). */
const WAITING = /<!--\$[!?]-->/;

let translations: Promise<Record<string, ReturnType<typeof createI18n>>> | undefined;
/** Each shell language's strings, loaded once. */
function languages() {
  translations ??= loadResources(SHELL_LANGUAGES).then((resources) =>
    Object.fromEntries(SHELL_LANGUAGES.map((language) => [language, createI18n({ resources, language })])),
  );
  return translations;
}

/** How a render leaves a screen's query cache before it renders: empty, or seeded with what the page carries. */
type Seed = (screen: ShellScreen, queryClient: QueryClient) => void;

/**
 * The shells of `screens` in every language, as the page carries them (app/shellMarkup.ts), with
 * `config` and the query cache as `seed` leaves it.
 */
async function render(screens: readonly ShellScreen[], config: RuntimeConfig, seed: Seed): Promise<Shells> {
  // The API's client names its origin when made (lib/api.ts); nothing is asked of it here. A
  // stand-in for the renders alone: the process may be the server's, which has no location. It
  // stays while any render of any copy of this module runs (a build may prerender two apps at
  // once in one process), counted on the global object they share.
  const shared = globalThis as { [RENDERS]?: number };
  if (shared[RENDERS] === undefined) {
    if ("location" in globalThis) return renderEach(screens, config, seed);
    globalThis.location = Object.assign(new URL("http://localhost/chain/"), { hash: "" }) as unknown as Location;
    shared[RENDERS] = 0;
  }
  shared[RENDERS] = (shared[RENDERS] ?? 0) + 1;
  try {
    return await renderEach(screens, config, seed);
  } finally {
    shared[RENDERS] -= 1;
    if (shared[RENDERS] === 0) {
      Reflect.deleteProperty(globalThis, "location");
      Reflect.deleteProperty(shared, RENDERS);
    }
  }
}

/** The number of renders under way that use the stand-in location, on the global object. */
const RENDERS = Symbol.for("dwn.shells.renders");

async function renderEach(screens: readonly ShellScreen[], config: RuntimeConfig, seed: Seed): Promise<Shells> {
  const shells: Shells = {};
  for (const [language, i18n] of Object.entries(await languages())) {
    shells[language] = {};
    for (const screen of screens) {
      const { Screen } = SHELL_SCREENS[screen];
      const queryClient = createQueryClient();
      seed(screen, queryClient);
      const element = (
        <Visitor screen={screen} i18n={i18n} config={config} queryClient={queryClient}>
          <Screen />
        </Visitor>
      );
      let html = renderToString(element);
      if (WAITING.test(html)) {
        // Once more after loading every lazily loaded part it shows: a shell is the screen as it
        // renders, in its order, not a fallback with parts moved in by scripts.
        await prerender(element, {
          onError(error) {
            throw error;
          },
        });
        html = renderToString(element);
      }
      queryClient.clear();
      if (WAITING.test(html)) throw new Error(`The shell of ${screen} still waits for a part.`);
      shells[language][screen] = shellMarkup(mendStepperMarkup(html, i18n.t("pledge.quantity")));
    }
  }
  return shells;
}

/** Every screen's shell in every language, as the build puts them into index.html: every figure a placeholder. */
export function renderShells(): Promise<Shells> {
  return render(Object.keys(SHELL_SCREENS) as ShellScreen[], CONFIG, () => {});
}

/** The render under way (renderServedShells): the next starts after it. */
let rendering: Promise<unknown> = Promise.resolve();

/**
 * The shells of the screens that show what the page carries (`figures`: the text of the page's
 * data block, server/src/serve/figures.ts), with it in place as the app's first render shows it:
 * the chain figures (each card saying the block they are of), the newest announcements. A screen
 * the data does not seed is left out (the page keeps its built shell): the figures' screens when
 * the figures are not of `config`'s contracts, /announcement when the page carries none; none at all then.
 * One render at a time: the figures are the module's while it runs (lib/served.ts).
 */
export function renderServedShells(figures: string, config: RuntimeConfig): Promise<Shells | undefined> {
  const screens = (Object.keys(SHELL_SCREENS) as ShellScreen[]).filter((screen) => "prefetch" in SHELL_SCREENS[screen]);
  const run = async () => {
    setServedFigures(figures);
    try {
      // Only the screens the page's data seeded: another keeps its built shell.
      const seeded = new Set<ShellScreen>();
      const shells = await render(screens, config, (screen, queryClient) => {
        const { prefetch } = SHELL_SCREENS[screen] as ScreenModule;
        if (prefetch?.({ queryClient, config }) === true) seeded.add(screen);
      });
      if (seeded.size === 0) return undefined;
      for (const markup of Object.values(shells))
        for (const screen of screens) if (!seeded.has(screen)) Reflect.deleteProperty(markup, screen);
      return shells;
    } finally {
      setServedFigures(undefined);
    }
  };
  const rendered = rendering.then(run, run);
  rendering = rendered.catch(() => undefined);
  return rendered;
}

/** The providers the app puts around a screen, for a visitor at `#/screen`. */
function Visitor({
  screen,
  i18n,
  config,
  queryClient,
  children,
}: {
  screen: string;
  i18n: ReturnType<typeof createI18n>;
  config: RuntimeConfig;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  const machine = createLazyWalletMachine({
    initialState: signedOutState(null),
    hasStoredSession: () => false,
    load: () => Promise.reject(new Error("No wallet while a shell is rendered.")),
    onLoadError: () => {},
  });
  return (
    <QueryClientProvider client={queryClient}>
      <RuntimeConfigProvider config={config}>
        <I18nProvider i18n={i18n}>
          <Router ssrPath={`/${screen}`} ssrSearch="" hrefs={hrefOf}>
            <WalletContext.Provider value={{ machine, chain: chainFromConfig(config) }}>
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
