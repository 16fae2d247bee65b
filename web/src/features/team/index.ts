// What other features use of the team explorer: the route of a member's branch and the strings
// of the link to it. The screen itself loads as a chunk of its own (app/screens.ts).
export { branchRoute } from "./teamPaths";
export { teamStrings } from "./teamStrings";
