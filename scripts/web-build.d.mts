/** Where `npm start` builds the web app (`vite build --mode devnet`'s default folder). */
export const WEB_DIST: string;
/** Written beside the build: the digest of the inputs it was made from. */
export const WEB_STAMP: string;
/** One SHA-256 over every input file's path and bytes, in path order. */
export function webInputsDigest(): string;
/** Whether web/dist holds the devnet build of the sources as they are now. */
export function devnetBuildIsCurrent(): boolean;
