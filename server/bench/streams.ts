import { request, type ClientRequest } from "node:http";

/**
 * The event streams' clients, run as a child process of the API benchmark so that their memory
 * and CPU are not the server's: opens one stream per token, counts the events each receives,
 * and answers the parent's questions over IPC.
 */

export type StreamsJob =
  { kind: "open"; origin: string; tokens: string[] } | { kind: "wait"; heads: number } | { kind: "close" };

export type StreamsAnswer =
  | { kind: "opened"; open: number; failed: number }
  | { kind: "waited"; ms: number; changed: number }
  | { kind: "closed" };

interface Client {
  request: ClientRequest;
  heads: number;
  changed: number;
}

const clients: Client[] = [];
let waiting: { heads: number; since: number } | undefined;

const answer = (message: StreamsAnswer) => process.send!(message);

function checkWaiting() {
  if (!waiting) return;
  if (clients.every((c) => c.heads >= waiting!.heads)) {
    const ms = performance.now() - waiting.since;
    waiting = undefined;
    answer({ kind: "waited", ms, changed: clients.reduce((sum, c) => sum + c.changed, 0) });
  }
}

function openOne(origin: string, token: string): Promise<Client | undefined> {
  return new Promise((resolve) => {
    const req = request(`${origin}/api/events?token=${token}`, { agent: false });
    const client: Client = { request: req, heads: 0, changed: 0 };
    req.on("response", (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        return resolve(undefined);
      }
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        client.heads += chunk.split("event: head").length - 1;
        client.changed += chunk.split("event: changed").length - 1;
        if (client.heads === 1) resolve(client);
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
      waiting = { heads: job.heads, since: performance.now() };
      checkWaiting();
    } else {
      for (const c of clients.splice(0)) c.request.destroy();
      answer({ kind: "closed" });
    }
  })();
});
