import fp from "fastify-plugin";
import type { RequestSample } from "../../ops/metrics";

/**
 * One log line per request, written when it is answered, and the health port's metrics told of
 * it. The route's pattern, not the URL: labels stay few, and no query string reaches the log.
 */
export const requestLog = fp<{ observeRequest?: (sample: RequestSample) => void }>(
  async (app, { observeRequest }) => {
    app.addHook("onResponse", (request, response, done) => {
      const route = request.routeOptions.url ?? "(no route)";
      const status = response.statusCode;
      const ms = response.elapsedTime;
      observeRequest?.({ method: request.method, route, status, seconds: ms / 1000 });
      request.log.info(
        {
          method: request.method,
          route,
          // Without the query string: the event stream's carries the session token.
          path: request.url.split("?")[0].slice(0, 200),
          status,
          ms: Math.round(ms * 10) / 10,
        },
        "request",
      );
      done();
    });
  },
  { name: "request-log" },
);
