/** The invite link of spec §1: `{origin}/chain/#/home?address={account}`. */
export function inviteLink(origin: string, account: string): string {
  return `${origin.replace(/\/+$/, "")}/chain/#/home?address=${account}`;
}
