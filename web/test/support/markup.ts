// A part of the app rendered to HTML, inside the providers the app puts around it: the query
// client, the runtime config, the wallet, the language and a router, each only when given.
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { I18n } from "../../src/i18n/translate";
import { createElement, type ReactElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nProvider } from "../../src/i18n/react";
import type { RuntimeConfig } from "@dwn/api";
import { WalletContext, type WalletContextValue } from "../../src/features/wallet/context";
import { RuntimeConfigProvider } from "../../src/lib/runtime";
import { HashRouter } from "../../src/app/hashRouter";

export interface MarkupOptions {
  i18n: I18n;
  client?: QueryClient;
  config?: RuntimeConfig;
  wallet?: WalletContextValue;
  /** Inside the app's hash router (the default), for parts that link or read the route. */
  router?: boolean;
}

export function markup(element: ReactElement, options: MarkupOptions): string {
  let tree: ReactNode = options.router === false ? element : createElement(HashRouter, null, element);
  tree = createElement(I18nProvider, { i18n: options.i18n, children: tree });
  if (options.wallet) tree = createElement(WalletContext.Provider, { value: options.wallet }, tree);
  if (options.config) tree = createElement(RuntimeConfigProvider, { config: options.config }, tree);
  if (options.client) tree = createElement(QueryClientProvider, { client: options.client }, tree);
  return renderToStaticMarkup(tree as ReactElement);
}
