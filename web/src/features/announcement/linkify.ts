/** A piece of an announcement's text: plain text, or a web address written in it. */
export type TextPart = { text: string } | { url: string };

// http(s) addresses, up to the first space or a closing bracket or quote; trailing punctuation
// of the sentence ("see https://x.example/a.") is not part of the address.
const URL_PATTERN = /https?:\/\/[^\s<>"'()（）「」]+/g;
const TRAILING = /[.,;:!?。，；：！？、]+$/;

/** Splits plain text into its words and the web addresses in it, in order. */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING, "");
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
