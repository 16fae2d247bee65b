import { readFileSync } from "node:fs";
import { parseSync, Visitor, type ESTree, type Plugin } from "vite";

/** The module of the contracts' ABIs, as contracts/deploy/generate.ts writes it. */
const DEPLOYMENTS = /contracts[\\/]generated[\\/]deployments\.ts$/;
/** How the app imports that module. */
const CONTRACTS = "@dwn/contracts";
/** The modules of the ABIs narrowed for their importers (`abiCalls`), as imported and as resolved. */
const NARROWED = "dwn-abi:";
const NARROWED_ID = `\0${NARROWED}`;

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
 * The calls that read of an ABI only the function they name: encoding its arguments, decoding
 * its result (lib/reads/readView.ts). A write is not among them: viem names its revert from the
 * ABI's errors.
 */
const FUNCTION_ONLY_CALLS = ["readView", "encodeFunctionData"];

/** The functions of each ABI a module calls, by the ABI's exported name ("poolAbi"). */
export type AbiCalls = Record<string, string[]>;

/**
 * The ABI functions a module (JavaScript, as the build has it after TypeScript) calls by name,
 * when that is all it does with the ABIs it imports from "@dwn/contracts": every use of an
 * imported ABI is the `abi` of an object literal, whose `functionName` is a string literal,
 * passed to one of FUNCTION_ONLY_CALLS (`readView(client, { abi: poolAbi, functionName: "info" })`).
 * Any other use (spread, passed alone or to a write, a function name from a variable) needs the
 * whole ABI: then, and for a module importing no ABI, undefined. `span` is the import's source.
 */
export function abiCalls(code: string, filename: string): { calls: AbiCalls; span: Span } | undefined {
  const program = parseSync(filename, code).program;
  const imports = program.body.filter(
    (node): node is ESTree.ImportDeclaration =>
      node.type === "ImportDeclaration" && node.source.value === CONTRACTS && node.importKind !== "type",
  );
  if (imports.length !== 1) return undefined;
  const [declaration] = imports;
  const locals = new Map<string, string>();
  for (const specifier of declaration.specifiers) {
    if (specifier.type !== "ImportSpecifier" || specifier.imported.type !== "Identifier") return undefined;
    if (specifier.importKind === "type" || !specifier.imported.name.endsWith("Abi")) return undefined;
    locals.set(specifier.local.name, specifier.imported.name);
  }
  if (locals.size === 0) return undefined;
  const calls: AbiCalls = Object.fromEntries([...locals.values()].map((name) => [name, []]));
  const called = new Set<number>();
  let references = 0;
  new Visitor({
    CallExpression({ callee, arguments: args }) {
      if (callee.type !== "Identifier" || !FUNCTION_ONLY_CALLS.includes(callee.name)) return;
      for (const arg of args) {
        if (arg.type !== "ObjectExpression") continue;
        const property = (name: string) =>
          arg.properties.find(
            (p): p is ESTree.ObjectProperty => p.type === "Property" && !p.computed && keyOf(p) === name,
          );
        const abi = property("abi")?.value;
        const functionName = property("functionName")?.value;
        if (abi?.type !== "Identifier" || !locals.has(abi.name)) continue;
        if (functionName?.type !== "Literal" || typeof functionName.value !== "string") continue;
        called.add(abi.start);
        calls[locals.get(abi.name)!].push(functionName.value);
      }
    },
    Identifier(node) {
      const inImport = node.start >= declaration.start && node.end <= declaration.end;
      if (locals.has(node.name) && !inImport) references++;
    },
  }).visit(program);
  // Every use of an imported ABI is one of the calls above.
  if (references !== called.size) return undefined;
  for (const name of Object.keys(calls)) calls[name] = [...new Set(calls[name])].sort();
  return { calls, span: { start: declaration.source.start, end: declaration.source.end } };
}

/** The id of the module that exports `calls`' narrowed ABIs: the same calls, the same module. */
const narrowedSource = (calls: AbiCalls) =>
  NARROWED +
  Object.keys(calls)
    .sort()
    .map((name) => `${name}=${calls[name].join(",")}`)
    .join(";");

/** The ABIs a generated module exports (`export const xAbi = [ … ] as const`), as JSON values. */
export function exportedAbis(code: string): Record<string, Record<string, unknown>[]> {
  const abis: Record<string, Record<string, unknown>[]> = {};
  for (const node of parseSync("deployments.ts", code).program.body) {
    if (node.type !== "ExportNamedDeclaration" || node.declaration?.type !== "VariableDeclaration") continue;
    for (const declarator of node.declaration.declarations) {
      let init = declarator.init;
      if (init?.type === "TSAsExpression") init = init.expression;
      if (
        declarator.id.type !== "Identifier" ||
        !declarator.id.name.endsWith("Abi") ||
        init?.type !== "ArrayExpression"
      )
        continue;
      abis[declarator.id.name] = JSON.parse(code.slice(init.start, init.end)) as Record<string, unknown>[];
    }
  }
  return abis;
}

/** The module exporting each ABI of `calls` with only the functions named there, lean (`unreadByViem`). */
export function narrowedModule(deployments: string, calls: AbiCalls): string {
  const abis = exportedAbis(deployments);
  return Object.entries(calls)
    .map(([name, functions]) => {
      const abi = abis[name];
      if (!abi) throw new Error(`${CONTRACTS} exports no ${name}.`);
      const items = abi.filter((item) => item.type === "function" && functions.includes(String(item.name)));
      const missing = functions.filter((fn) => !items.some((item) => item.name === fn));
      if (missing.length > 0) throw new Error(`${name} has no function ${missing.join(", ")}.`);
      return withoutProperties(`export const ${name} = ${JSON.stringify(items)};\n`, unreadByViem);
    })
    .join("");
}

/**
 * The contracts' ABIs (contracts/generated/deployments.ts) as the app's modules use them:
 * - a module that only calls an ABI's functions by name (`abiCalls`) imports a module of its own
 *   with those functions alone: the first visit's reads carry a dozen of the ABIs' entries, not
 *   all of them (about 3.5 kB gzip of the first visit);
 * - the generated module, which the others import, without what viem never reads
 *   (`unreadByViem`).
 * TypeScript still type-checks every module against the generated module.
 */
export function leanAbis(): Plugin {
  let deploymentsFile: string | undefined;
  return {
    name: "dwn:lean-abis",
    async resolveId(source, importer) {
      if (source.startsWith(NARROWED)) {
        // The generated module's file, found as the importer would find it.
        deploymentsFile ??= (await this.resolve(CONTRACTS, importer, { skipSelf: true }))?.id;
        return NARROWED_ID + source.slice(NARROWED.length);
      }
      return null;
    },
    load(id) {
      if (!id.startsWith(NARROWED_ID)) return null;
      if (!deploymentsFile) throw new Error(`${CONTRACTS} did not resolve.`);
      this.addWatchFile(deploymentsFile);
      const calls: AbiCalls = Object.fromEntries(
        id
          .slice(NARROWED_ID.length)
          .split(";")
          .map((entry) => {
            const [name, functions] = entry.split("=");
            return [name, functions ? functions.split(",") : []];
          }),
      );
      return narrowedModule(readFileSync(deploymentsFile, "utf8"), calls);
    },
    transform(code, id) {
      if (DEPLOYMENTS.test(id)) return { code: withoutProperties(code, unreadByViem), map: null };
      if (id.includes("node_modules") || !/\.[cm]?[jt]sx?$/.test(id) || !code.includes(CONTRACTS)) return null;
      const found = abiCalls(code, id.replace(/\?.*$/, ""));
      if (!found) return null;
      const { calls, span } = found;
      return {
        code: `${code.slice(0, span.start)}${JSON.stringify(narrowedSource(calls))}${code.slice(span.end)}`,
        map: null,
      };
    },
  };
}
