import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  decodeEventLog,
  decodeFunctionResult,
  encodeAbiParameters,
  encodeEventTopics,
  encodeFunctionData,
  parseAbi,
  type Abi,
  type Hex,
} from "viem";
import { describe, expect, it } from "vitest";
import { abiCalls, exportedAbis, leanAbis, narrowedModule, unreadByViem, withoutProperties } from "../build/leanAbis";
import { hookOf } from "./support/plugin-hooks";

const DEPLOYMENTS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../contracts/generated/deployments.ts",
);

/** A compiler's ABI in the shape contracts/generated/deployments.ts has, with every field solc writes. */
const fullAbi = [
  {
    inputs: [
      { internalType: "address", name: "to", type: "address" },
      { internalType: "uint256[3]", name: "amounts", type: "uint256[3]" },
      {
        components: [
          { internalType: "uint64", name: "at", type: "uint64" },
          { internalType: "bool", name: "done", type: "bool" },
        ],
        internalType: "struct Pool.Entry",
        name: "entry",
        type: "tuple",
      },
    ],
    name: "pay",
    outputs: [{ internalType: "uint256", name: "", type: "uint256" }],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: "address", name: "from", type: "address" },
      { indexed: false, internalType: "uint256", name: "amount", type: "uint256" },
      { indexed: true, internalType: "uint256", name: "id", type: "uint256" },
    ],
    name: "Paid",
    type: "event",
  },
  { anonymous: true, inputs: [{ indexed: false, name: "note", type: "string" }], name: "Noted", type: "event" },
] as const satisfies Abi;

/** What viem reads of each entry, written out by hand: the same ABI without the unread fields. */
const leanAbi = [
  {
    inputs: [
      { name: "to", type: "address" },
      { name: "amounts", type: "uint256[3]" },
      {
        components: [
          { name: "at", type: "uint64" },
          { name: "done", type: "bool" },
        ],
        name: "entry",
        type: "tuple",
      },
    ],
    name: "pay",
    outputs: [{ name: "", type: "uint256" }],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      { indexed: true, name: "from", type: "address" },
      { name: "amount", type: "uint256" },
      { indexed: true, name: "id", type: "uint256" },
    ],
    name: "Paid",
    type: "event",
  },
  { anonymous: true, inputs: [{ name: "note", type: "string" }], name: "Noted", type: "event" },
];

const moduleOf = (abi: unknown) => `export const poolAbi = ${JSON.stringify(abi, null, 2)} as const;\n`;
const abiOf = (module: string) =>
  JSON.parse(module.replace(/^export const poolAbi = /, "").replace(/ as const;\n$/, "")) as Abi;
const transform = (code: string, id: string) => {
  const result = hookOf(leanAbis(), "transform").call(undefined as never, code, id);
  return result && typeof result === "object" && "code" in result ? result.code : result;
};

describe("the lean-ABI build step", () => {
  it("drops from the ABI module what viem never reads, and nothing else", () => {
    const lean = transform(moduleOf(fullAbi), "/repo/contracts/generated/deployments.ts");
    expect(typeof lean).toBe("string");
    // Still the generated module's layout (valid JSON inside), only shorter.
    expect(abiOf(String(lean))).toEqual(leanAbi);
  });

  it("leaves every other module alone, an ABI elsewhere included", () => {
    expect(transform(moduleOf(fullAbi), "/repo/web/src/lib/abi.ts")).toBeNull();
  });

  it("keeps `indexed` and `anonymous` where they are true, and whatever is not a literal", () => {
    const code = 'const a = { indexed: flag, anonymous: true, internalType: kind, "x": 1 };';
    expect(withoutProperties(code, unreadByViem)).toBe(code);
  });

  it("drops neighbouring properties with their commas, whatever the layout", () => {
    const code =
      'const a = [{"name": "a", "indexed": false, "anonymous": false}, {"indexed": false}, {anonymous: false, internalType: "x", b: 2}];';
    expect(withoutProperties(code, unreadByViem)).toBe('const a = [{"name": "a"}, {}, {b: 2}];');
  });

  it("encodes calls and decodes results and events as the full ABI does", () => {
    const lean = abiOf(moduleOf(leanAbi));
    const args = ["0x00000000000000000000000000000000000000aa", [1n, 2n, 3n], { at: 7n, done: true }] as const;
    const call = encodeFunctionData({ abi: fullAbi, functionName: "pay", args });
    expect(encodeFunctionData({ abi: lean, functionName: "pay", args })).toBe(call);
    const output = encodeAbiParameters(parseAbi(["function f() returns (uint256)"])[0].outputs, [42n]);
    expect(decodeFunctionResult({ abi: lean, functionName: "pay", data: output })).toBe(42n);

    const [signature, ...indexed] = encodeEventTopics({
      abi: fullAbi,
      eventName: "Paid",
      args: { from: "0x00000000000000000000000000000000000000bb", id: 9n },
    });
    const topics: [Hex, ...Hex[]] = [
      signature,
      ...indexed.flatMap((topic) => (typeof topic === "string" ? [topic] : [])),
    ];
    const data = encodeAbiParameters([{ type: "uint256" }], [1234n]);
    expect(decodeEventLog({ abi: lean, topics, data })).toEqual(decodeEventLog({ abi: fullAbi, topics, data }));
  });

  it("makes the real generated module a fifth smaller, its ABIs still with every function and event", async () => {
    const code = readFileSync(DEPLOYMENTS, "utf8");
    const lean = String(transform(code, DEPLOYMENTS));
    expect(lean.length).toBeLessThan(code.length * 0.8);
    expect(lean).not.toMatch(/"internalType"|"indexed": false|"anonymous": false/);
    const names = (text: string) => [...text.matchAll(/"name": "(\w+)",\n\s*"(?:outputs|type)"/g)].map((m) => m[1]);
    expect(names(lean)).toEqual(names(code));
  });
});

describe("each module's ABIs, narrowed to the functions it calls", () => {
  const code = readFileSync(DEPLOYMENTS, "utf8");
  const reads = `import { poolAbi, tokenAbi } from "@dwn/contracts";
import { readView } from "./readView";
export const root = (client) => readView(client, { address: a, abi: poolAbi, functionName: "root" });
export const both = (client) => Promise.all([
  readView(client, { address: a, abi: poolAbi, functionName: "validUser", args: [b] }),
  readView(client, { address: a, abi: tokenAbi, functionName: "balanceOf", args: [b] }),
  readView(client, { address: a, abi: poolAbi, functionName: "root" }),
]);
export const data = encodeFunctionData({ abi: tokenAbi, functionName: "approve", args: [b, 1n] });
`;

  it("finds the functions a module reads or encodes by name, each once", () => {
    expect(abiCalls(reads, "reads.js")?.calls).toEqual({
      poolAbi: ["root", "validUser"],
      tokenAbi: ["approve", "balanceOf"],
    });
  });

  it("leaves whole the ABIs a module uses otherwise: spread, by a variable's name, in a write, re-exported", () => {
    const imports = 'import { poolAbi } from "@dwn/contracts";\n';
    for (const use of [
      "const all = [...poolAbi];",
      "readView(client, { abi: poolAbi, functionName: name });",
      'wallet.writeContract({ abi: poolAbi, functionName: "setInviter", args: [a] });',
      'run({ abi: poolAbi, functionName: "buy" });',
      'readView(client, { abi: poolAbi, functionName: "root" }); export { poolAbi };',
    ])
      expect(abiCalls(imports + use, "m.js"), use).toBeUndefined();
    expect(abiCalls('import { deployments } from "@dwn/contracts"; f(deployments);', "m.js")).toBeUndefined();
    expect(abiCalls('import { readView } from "./readView";', "m.js")).toBeUndefined();
  });

  it("gives such a module its own module of those functions, which encode and decode as the whole ABI does", async () => {
    const plugin = leanAbis();
    const transformed = String(transform(reads, "/repo/web/src/lib/reads/x.ts"));
    const source = /from "(dwn-abi:[^"]+)"/.exec(transformed)?.[1];
    expect(source).toBeDefined();
    expect(transformed.replace(`"${source}"`, '"@dwn/contracts"')).toBe(reads);

    const resolveId = hookOf(plugin, "resolveId");
    const id = await resolveId.call(
      { resolve: () => Promise.resolve({ id: DEPLOYMENTS }) } as never,
      source!,
      "/repo/web/src/lib/reads/x.ts",
      { isEntry: false } as never,
    );
    expect(typeof id).toBe("string");
    const loaded = String(await hookOf(plugin, "load").call({ addWatchFile: () => {} } as never, String(id)));
    const abis = exportedAbis(loaded.replace(/^export const (\w+) = (.*);$/gm, "export const $1 = $2 as const;"));
    expect(Object.keys(abis).sort()).toEqual(["poolAbi", "tokenAbi"]);
    expect(abis.poolAbi.map((item) => item.name)).toEqual(["root", "validUser"]);
    expect(abis.tokenAbi.map((item) => item.name).sort()).toEqual(["approve", "balanceOf"]);
    expect(loaded).not.toMatch(/internalType/);

    const { poolAbi, tokenAbi } = await import("@dwn/contracts");
    const account = "0x00000000000000000000000000000000000000aa";
    const narrowPool = abis.poolAbi as unknown as typeof poolAbi;
    const narrowToken = abis.tokenAbi as unknown as typeof tokenAbi;
    expect(encodeFunctionData({ abi: narrowPool, functionName: "validUser", args: [account] })).toBe(
      encodeFunctionData({ abi: poolAbi, functionName: "validUser", args: [account] }),
    );
    const balance = encodeAbiParameters([{ type: "uint256" }], [5n]);
    expect(decodeFunctionResult({ abi: narrowToken, functionName: "balanceOf", data: balance })).toBe(
      decodeFunctionResult({ abi: tokenAbi, functionName: "balanceOf", data: balance }),
    );
  });

  it("fails the build for a function the ABI does not have", () => {
    expect(() => narrowedModule(code, { poolAbi: ["noSuchFunction"] })).toThrow(
      /poolAbi has no function noSuchFunction/,
    );
  });
});
