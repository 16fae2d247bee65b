/** The symbols of the staking tokens (spec §9), shown beside their amounts in every language. */
export const SYMBOL = { dwn: "DWN", a8: "A8", udbk: "UDBK" } as const;
