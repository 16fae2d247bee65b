import { test } from "node:test";
import assert from "node:assert/strict";
import { generateKeyPairSync } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadKeys } from "../src/serve/keys";

/**
 * The production files (Dockerfile, deploy/compose.yaml, deploy/Caddyfile, .env.example) hold
 * together with the code: this machine cannot build images, so these checks stand guard over
 * what an operator would otherwise find out on their server.
 */
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const read = (file: string) => readFileSync(path.join(REPO, file), "utf8");

/**
 * The environment variables a source file reads: env.X, int("X"), url("X") and the like, and the
 * names of a table of them (`usdt: "USDT_ADDRESS"`).
 */
function variablesRead(source: string): Set<string> {
  const names = [
    ...source.matchAll(/env\.([A-Z][A-Z0-9_]+)|\b[a-z]+\("([A-Z][A-Z0-9_]+)"|^\s+\w+: "([A-Z][A-Z0-9_]+)",$/gm),
  ].map((m) => m[1] ?? m[2] ?? m[3]);
  return new Set(names);
}

test(".env.example names every variable the server and the deploy read, and nothing else", () => {
  const example = read(".env.example");
  const named = new Set([...example.matchAll(/^#?\s?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
  const server = variablesRead(read("server/src/config.ts"));
  const deploy = new Set([
    ...variablesRead(read("contracts/deploy/env.ts")),
    ...[...variablesRead(read("contracts/hardhat.config.ts"))].filter((name) => name !== "SOLIDITY_COVERAGE"),
  ]);
  // The devnet's own settings are not production's.
  const devnetOnly = new Set(["DEVNET_PORT"]);
  const composeOnly = new Set(["SITE_ADDRESS", "POSTGRES_PASSWORD", "CADDY_TRUSTED_PROXIES"]);
  for (const name of [...server, ...deploy]) {
    if (!devnetOnly.has(name)) assert.ok(named.has(name), `.env.example names ${name}`);
  }
  for (const name of named) {
    assert.ok(
      server.has(name) || deploy.has(name) || composeOnly.has(name),
      `${name} in .env.example is read somewhere`,
    );
  }
});

test("compose runs two API and two indexer processes on PostgreSQL behind the proxy, each checked for readiness", () => {
  const compose = read("deploy/compose.yaml");
  const role = (service: string) =>
    new RegExp(`^  ${service}:\\n    <<: \\*server\\n    environment:\\n      SERVER_ROLE: (\\w+)`, "m").exec(
      compose,
    )?.[1];
  assert.deepEqual(["api1", "api2", "indexer1", "indexer2"].map(role), ["api", "api", "indexer", "indexer"]);
  assert.equal(compose.match(/DATABASE_URL: postgres:\/\/dwn:\$\{POSTGRES_PASSWORD\}@postgres:5432\/dwn/g)?.length, 4);
  assert.match(compose, /fetch\('http:\/\/127\.0\.0\.1:9464\/ready'\)/);
  assert.match(compose, /condition: service_healthy/);
  const caddy = read("deploy/Caddyfile");
  assert.match(caddy, /reverse_proxy api1:8080 api2:8080/);
  assert.match(caddy, /health_port 9464\n\s+health_uri \/ready/);
  assert.match(caddy, /respond @metrics 404/);
});

test("Caddy trusts the TLS terminator in front of it when told, and times out slow clients", () => {
  const caddy = read("deploy/Caddyfile");
  // Behind another terminator, Caddy must keep (and add to) its X-Forwarded-For, or every client
  // counts as the terminator.
  assert.match(caddy, /^\s+trusted_proxies static \{\$CADDY_TRUSTED_PROXIES:[^}]+\}$/m);
  assert.match(read("deploy/compose.yaml"), /CADDY_TRUSTED_PROXIES: \$\{CADDY_TRUSTED_PROXIES:-[^}]+\}/);
  for (const timeout of ["read_header", "read_body", "idle"]) {
    assert.match(caddy, new RegExp(`^\\s+${timeout} \\d+[sm]$`, "m"), timeout);
  }
  // No write timeout: it would cut the event stream (an answer as long as its page).
  assert.doesNotMatch(caddy, /^\s+write \d/m);
  // The event stream is neither compressed nor buffered on its way.
  assert.match(caddy, /@compressible not path \/api\/events\n\s+encode @compressible gzip/);
  assert.match(caddy, /handle \/api\/events \{\n\s+reverse_proxy api1:8080 api2:8080/);
  // A slow body is read by Caddy before an API connection is taken; Caddy drops an idle upstream
  // connection before the API's keep-alive (5 s) does.
  assert.match(caddy, /request_buffers \d+KiB/);
  assert.match(caddy, /keepalive [1-4]s/);
});

test("the image runs as a non-root user with a health check and serves the built web app", () => {
  const dockerfile = read("Dockerfile");
  assert.match(dockerfile, /^USER node$/m);
  assert.match(dockerfile, /^HEALTHCHECK /m);
  assert.match(dockerfile, /COPY --from=build \/app\/web\/dist web\/dist/);
  assert.match(dockerfile, /RUN npm ci/);
  assert.match(dockerfile, /HEALTH_HOST=0\.0\.0\.0/);
  const ignored = read(".dockerignore").split("\n");
  for (const entry of ["node_modules", ".data", ".env", ".git"])
    assert.ok(ignored.includes(entry), `.dockerignore has ${entry}`);
});

test("the API key reads from a one-line env value with \\n for its line breaks", () => {
  const pem = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" });
  const oneLine = String(pem).trim().replace(/\n/g, "\\n");
  assert.ok(!oneLine.includes("\n"));
  assert.equal(loadKeys("/nonexistent", oneLine).publicKey, loadKeys("/nonexistent", String(pem)).publicKey);
});
