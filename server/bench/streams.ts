import { request, type ClientRequest } from "node:http";

/**
 * The event streams' clients, run as a child process of the API benchmark so that their memory
 * and CPU are not the server's: opens one stream per token, keeps the latest block each was told
 * of and counts its `changed` events, and answers the parent's questions over IPC.
 */

export type StreamsJob =
  | { kind: "open"; origin: string; tokens: string[] }
  /** Answers once every stream has been told of `block` (a head of that block or later). */
  | { kind: "wait"; block: number }
  | { kind: "close" };

export type StreamsAnswer =
  | { kind: "opened"; open: number; failed: number }
  /** `changed`: the `changed` events the streams received since the wait was asked for. */
  | { kind: "waited"; ms: number; changed: number }
  | { kind: "closed" };

interface Client {
  request: ClientRequest;
  /** The latest block a head told this stream of (the keep-alive repeats it every 15 s). */
  block: number;
  changed: number;
  /** The text of an event not yet whole. */
  partial: string;
}

const clients: Client[] = [];
let waiting: { block: number; since: number; changedBefore: number } | undefined;

const answer = (message: StreamsAnswer) => process.send!(message);
const changedInAll = () => clients.reduce((sum, c) => sum + c.changed, 0);

function checkWaiting() {
  if (!waiting) return;
  if (clients.every((c) => c.block >= waiting!.block)) {
    const ms = performance.now() - waiting.since;
    const changed = changedInAll() - waiting.changedBefore;
    waiting = undefined;
    answer({ kind: "waited", ms, changed });
  }
}

/** The block of each head event in `chunk` (`event: head` then `data: {"block":"…"}`). */
const headBlocks = (chunk: string) =>
  [...chunk.matchAll(/event: head\ndata: \{"block":"(\d+)"\}/g)].map(([, block]) => Number(block));

function openOne(origin: string, token: string): Promise<Client | undefined> {
  return new Promise((resolve) => {
    const req = request(`${origin}/api/events?token=${token}`, { agent: false });
    const client: Client = { request: req, block: -1, changed: 0, partial: "" };
    req.on("response", (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        return resolve(undefined);
      }
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        // Whole events only: a chunk may end inside one, whose rest comes with the next.
        const events = (client.partial + chunk).split("\n\n");
        client.partial = events.pop() ?? "";
        const whole = events.join("\n\n") + "\n\n";
        const first = client.block === -1;
        for (const block of headBlocks(whole)) client.block = Math.max(client.block, block);
        client.changed += whole.split("event: changed").length - 1;
        if (first && client.block >= 0) resolve(client);
        checkWaiting();
      });
    });
    req.on("error", () => resolve(undefined));
    req.end();
  });
}

process.on("message", (job: StreamsJob) => {
  void (async () => {
    if (job.kind === "open") {
      let failed = 0;
      // In blocks of 100: the server's listen backlog is finite.
      for (let i = 0; i < job.tokens.length; i += 100) {
        const opened = await Promise.all(job.tokens.slice(i, i + 100).map((t) => openOne(job.origin, t)));
        for (const c of opened) {
          if (c) clients.push(c);
          else failed++;
        }
      }
      answer({ kind: "opened", open: clients.length, failed });
    } else if (job.kind === "wait") {
      waiting = { block: job.block, since: performance.now(), changedBefore: changedInAll() };
      checkWaiting();
    } else {
      for (const c of clients.splice(0)) c.request.destroy();
      answer({ kind: "closed" });
    }
  })();
});
