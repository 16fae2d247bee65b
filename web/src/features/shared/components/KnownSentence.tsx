import { Fragment, type ReactNode } from "react";
import { Placeholder } from "../../../components/Placeholder";

/** Marks a value not known yet in the translated text; no translation contains the character. */
const MARK = "\u0000";

/**
 * A translated sentence drawn before all its figures are known: each value still undefined is a
 * placeholder in its place, so the words around it are on the screen at once and only the
 * figures wait for their read. `translate` is the sentence's `t` call with the values given.
 */
export function KnownSentence<Name extends string>({
  translate,
  values,
}: {
  translate: (values: Record<Name, string>) => string;
  values: Record<Name, string | undefined>;
}): ReactNode {
  const names = Object.keys(values) as Name[];
  const marked = Object.fromEntries(
    names.map((name, index) => [name, values[name] ?? `${MARK}${index}${MARK}`]),
  ) as Record<Name, string>;
  // split with a capturing group: the text between marks at even places, each mark's index at odd ones.
  const parts = translate(marked).split(new RegExp(`${MARK}(\\d+)${MARK}`));
  return parts.map((part, at) =>
    at % 2 === 1 ? <Placeholder key={at} /> : part === "" ? null : <Fragment key={at}>{part}</Fragment>,
  );
}
