/**
 * The ecosystem's game catalogue (spec §2: games marked "coming soon"). It is content, not
 * data: no endpoint lists games, and none is open yet.
 */
export const GAMES = [
  { key: "miner", name: "ecosystem.games.miner.name", text: "ecosystem.games.miner.text", image: "game-miner.svg" },
  { key: "racer", name: "ecosystem.games.racer.name", text: "ecosystem.games.racer.text", image: "game-racer.svg" },
  {
    key: "guardian",
    name: "ecosystem.games.guardian.name",
    text: "ecosystem.games.guardian.text",
    image: "game-guardian.svg",
  },
  { key: "lucky", name: "ecosystem.games.lucky.name", text: "ecosystem.games.lucky.text", image: "game-lucky.svg" },
] as const;
