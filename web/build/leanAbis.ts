import { parseSync, Visitor, type ESTree, type Plugin } from "vite";

/** The module of the contracts' ABIs, as contracts/deploy/generate.ts writes it. */
const DEPLOYMENTS = /contracts[\\/]generated[\\/]deployments\.ts$/;

interface Span {
  start: number;
  end: number;
}

const keyOf = ({ key }: ESTree.ObjectProperty) =>
  key.type === "Identifier" ? key.name : key.type === "Literal" ? key.value : undefined;
const literal = ({ value }: ESTree.ObjectProperty) => (value.type === "Literal" ? { is: value.value } : undefined);

/**
 * What viem never reads from an ABI: each parameter's `internalType` (the compiler's), and the
 * `indexed: false` of event parameters and `anonymous: false` of events (viem tests both for
 * truth only).
 */
export function unreadByViem(property: ESTree.ObjectProperty): boolean {
  const key = keyOf(property);
  if (key === "internalType") return typeof literal(property)?.is === "string";
  return (key === "indexed" || key === "anonymous") && literal(property)?.is === false;
}

/**
 * `code` (TypeScript or JavaScript) without the properties of its object literals that
 * `dropped` picks, each with its comma; everything else, its layout included, is left as it is.
 */
export function withoutProperties(code: string, dropped: (property: ESTree.ObjectProperty) => boolean): string {
  const spans: Span[] = [];
  new Visitor({
    ObjectExpression({ properties }) {
      properties.forEach((property, i) => {
        if (property.type !== "Property" || !dropped(property)) return;
        const next = properties[i + 1];
        const kept = properties
          .slice(0, i)
          .filter((before) => before.type !== "Property" || !dropped(before))
          .at(-1);
        // Up to the next property, or for the last one, from the end of the last one kept.
        if (next) spans.push({ start: property.start, end: next.start });
        else spans.push({ start: kept ? kept.end : property.start, end: property.end });
      });
    },
  }).visit(parseSync("deployments.ts", code).program);
  // Adjacent dropped properties give overlapping spans: join them, then cut from the end.
  spans.sort((a, b) => a.start - b.start);
  const joined: Span[] = [];
  for (const span of spans) {
    const last = joined.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else joined.push({ ...span });
  }
  return joined.reduceRight((text, { start, end }) => text.slice(0, start) + text.slice(end), code);
}

/**
 * The contracts' ABIs (contracts/generated/deployments.ts, which the first visit's reads import)
 * without what viem never reads (`unreadByViem`): about 0.4 kB gzip of the first visit.
 * TypeScript still type-checks against the generated module.
 */
export function leanAbis(): Plugin {
  return {
    name: "dwn:lean-abis",
    transform(code, id) {
      if (!DEPLOYMENTS.test(id)) return null;
      return { code: withoutProperties(code, unreadByViem), map: null };
    },
  };
}
