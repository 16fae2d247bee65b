import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { connectLive, type OpenEventSource } from "./connection";
import { liveStatus } from "./status";
import { allTopicKeys, keysForTopics, type TopicScope } from "./topicKeys";

/** The stream of a session's token: same origin, under the API; the token in the query, as EventSource sends no header. */
export function liveEventsUrl(token: string, origin = globalThis.location.origin): string {
  return `${origin}/api/events?token=${encodeURIComponent(token)}`;
}

export interface StartLiveOptions {
  token: string;
  scope: TopicScope;
  queryClient: QueryClient;
  origin?: string;
  open?: OpenEventSource;
  random?: () => number;
}

/**
 * Follows the signed-in session's live events until the returned function stops: a `changed`
 * event makes stale exactly what its topics name (the screens showing them read again), a `head`
 * is published for whoever compares with the indexed block, and a stream back after failing
 * reads every topic's keys again, as it cannot know what it missed.
 */
export function startLiveEvents({ token, scope, queryClient, origin, open, random }: StartLiveOptions): () => void {
  const invalidate = (keys: readonly QueryKey[]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  const close = connectLive({
    url: liveEventsUrl(token, origin),
    open,
    random,
    onHead: liveStatus.setHead,
    onChanged: (change) => {
      liveStatus.setHead(change.block);
      invalidate(keysForTopics(change.topics, scope));
    },
    onHealthy: liveStatus.setHealthy,
    onResumed: () => invalidate(allTopicKeys(scope)),
  });
  return () => {
    close();
    liveStatus.reset();
  };
}
