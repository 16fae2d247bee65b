/** Member levels 1–5 of spec §3 (0: below the first level), as their i18n keys. */
const LEVEL_KEYS = ["level.0", "level.1", "level.2", "level.3", "level.4", "level.5"] as const;
export type LevelKey = (typeof LEVEL_KEYS)[number];

/** The name key of a level; anything outside 1–5 reads as "none". */
export function levelKey(level: number): LevelKey {
  return Number.isInteger(level) && level >= 1 && level <= 5 ? LEVEL_KEYS[level] : LEVEL_KEYS[0];
}
