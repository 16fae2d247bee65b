/**
 * The API sends 18-decimal amounts as decimal strings (api/src/protocol.ts `Amount`). Parse
 * them to bigint once, at the edge; a malformed value reads as 0 rather than breaking a row.
 */
export function parseAmount(text: string | null | undefined): bigint {
  return text && /^-?\d+$/.test(text) ? BigInt(text) : 0n;
}
