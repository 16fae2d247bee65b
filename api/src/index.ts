export * from "./envelope";
export * from "./protocol";
export * from "./client";
