/** Live updates of the signed-in account's figures (see each module); the stream's code loads only once signed in. */
export { LiveEventsSlot } from "./LiveEventsSlot";
export { useLiveStatus, type LiveStatus } from "./status";
