/**
 * The live events' protocol (`GET /api/events?token=…`, server-sent events): `head` names the
 * indexed head whenever the indexer applies blocks, `changed` the parts of the signed-in account
 * that those blocks touched. What arrives is checked here and anything else is dropped: a
 * malformed event changes nothing and its text is never shown.
 */

/** What a `changed` event can name, each a part of the signed-in account's data. */
export const LIVE_TOPICS = ["team", "income", "stakes", "nfts"] as const;

export type LiveTopic = (typeof LIVE_TOPICS)[number];

/** A `changed` event: the indexed block that touched the account, and what it touched. */
export interface LiveChange {
  block: bigint;
  topics: readonly LiveTopic[];
}

/** A block number as the protocol writes it: a decimal string, no sign, no leading zero. */
const BLOCK = /^(0|[1-9][0-9]{0,30})$/;

function parseObject(data: unknown): Record<string, unknown> | undefined {
  if (typeof data !== "string") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return undefined;
  }
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function parseBlock(value: unknown): bigint | undefined {
  return typeof value === "string" && BLOCK.test(value) ? BigInt(value) : undefined;
}

/** A `head` event's data → the indexed head; undefined when it is not `{"block":"<N>"}`. */
export function parseHead(data: unknown): bigint | undefined {
  return parseBlock(parseObject(data)?.block);
}

/**
 * A `changed` event's data → its block and topics; undefined when the block or the list is
 * malformed. A topic this app does not know (a newer server's) is left out, and each is named once.
 */
export function parseChanged(data: unknown): LiveChange | undefined {
  const value = parseObject(data);
  const block = parseBlock(value?.block);
  const topics: unknown = value?.topics;
  if (block === undefined || !Array.isArray(topics)) return undefined;
  const named: readonly unknown[] = topics;
  return { block, topics: LIVE_TOPICS.filter((topic) => named.includes(topic)) };
}
