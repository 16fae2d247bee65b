import { pino, stdSerializers, stdTimeFunctions, type DestinationStream, type Logger } from "pino";
import { redactUrls } from "./redact";
import type { LogLevel } from "../config";

/**
 * Values that never reach a log line: credentials in request and response headers, and the
 * API's secret fields (session tokens, signatures, the envelope's key and signature, private
 * keys) wherever a logged object carries them, at its top level or one level down.
 */
const SECRET_KEYS = ["token", "access_token", "signs", "signature", "l_sign", "sKey", "privateKey", "apiPrivateKey"];
const SECRET_PATHS = [
  ...["authorization", "cookie", "skey", "proxy-authorization", "x-api-key"].flatMap((header) => [
    `req.headers["${header}"]`,
    `request.headers["${header}"]`,
    `headers["${header}"]`,
  ]),
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`]),
];

/**
 * The process's log: one JSON object per line on standard output (or `stream`), with the level
 * by name and an ISO time, secrets redacted, URLs cut to their origin.
 */
export function createLogger({ level, stream }: { level: LogLevel; stream?: DestinationStream }): Logger {
  return pino(
    {
      level,
      redact: { paths: SECRET_PATHS, censor: "[redacted]" },
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // Messages and errors with URLs cut to their origin (an RPC's key is in its path or query).
      hooks: {
        logMethod(args, method) {
          method.apply(
            this,
            args.map((arg) => (typeof arg === "string" ? redactUrls(arg) : arg)) as Parameters<typeof method>,
          );
        },
      },
      serializers: {
        err: (error: Error) => {
          const out = stdSerializers.err(error);
          return { ...out, message: redactUrls(out.message), stack: redactUrls(out.stack) };
        },
      },
    },
    stream,
  );
}
