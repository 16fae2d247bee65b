import type { Plugin } from "vite";

/** The suffix of the module id of the infinite-query observer's own copy of the helpers. */
export const INFINITE_OBSERVER_SUFFIX = "?infinite-observer";

/**
 * TanStack Query's infinite-query helpers sit in one module with the fetch behaviour the query
 * client needs on every visit, so the helpers only the paged lists' observer uses
 * (`hasNextPage`, `hasPreviousPage`) would join the first-visit chunk with it. The observer,
 * reached only from lazily loaded screens, gets its own copy of that module instead.
 */
export function infiniteQueryHelpersApart(): Plugin {
  const observer = /@tanstack[\\/]query-core[\\/]build[\\/]\w+[\\/]infiniteQueryObserver\.[cm]?js$/;
  return {
    name: "dwn:infinite-query-helpers-apart",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!importer || !observer.test(importer) || !source.includes("infiniteQueryBehavior")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return null;
      return { ...resolved, id: resolved.id + INFINITE_OBSERVER_SUFFIX };
    },
  };
}
