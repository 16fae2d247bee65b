import type { Messages } from "./en-us";

type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> };

/** A language with only part of the key set: missing keys fall back (see ../languages.ts). */
export type PartialMessages = DeepPartial<Messages>;
