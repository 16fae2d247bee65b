import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Registry } from "prom-client";
import type { Verdict } from "./readiness";
import { redactUrls } from "./redact";

export interface HealthServerOptions {
  host: string;
  /** 0: a free port the system picks. */
  port: number;
  registry: Registry;
  ready: () => Promise<Verdict>;
}

/**
 * The health port every role opens (HEALTH_HOST:HEALTH_PORT, loopback by default): `/health`
 * answers 200 while the process lives, `/ready` 200 or 503 with what is missing, `/metrics`
 * the Prometheus text. None of it is served on the public port.
 */
export async function startHealthServer(options: HealthServerOptions) {
  const text = (response: ServerResponse, status: number, body: string) =>
    response.writeHead(status, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" }).end(body);

  const server = createServer((request, response) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return text(response.setHeader("allow", "GET, HEAD"), 405, "Method not allowed\n");
    }
    const path = (request.url ?? "/").split("?")[0];
    if (path === "/health") return text(response, 200, "alive\n");
    if (path === "/ready") {
      return void options.ready().then(
        ({ ready, problems }) => text(response, ready ? 200 : 503, ready ? "ready\n" : `${problems.join("\n")}\n`),
        (error: unknown) =>
          text(response, 503, `The readiness check failed: ${redactUrls((error as Error).message)}\n`),
      );
    }
    if (path === "/metrics") {
      return void options.registry.metrics().then(
        (body) =>
          response
            .writeHead(200, { "content-type": options.registry.contentType, "cache-control": "no-store" })
            .end(body),
        (error: unknown) =>
          text(response, 500, `The metrics could not be read: ${redactUrls((error as Error).message)}\n`),
      );
    }
    return text(response, 404, "Not found: /health, /ready and /metrics are served here.\n");
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
