import { pino, stdTimeFunctions, type DestinationStream, type Logger } from "pino";
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
 * by name and an ISO time, secrets redacted.
 */
export function createLogger({ level, stream }: { level: LogLevel; stream?: DestinationStream }): Logger {
  return pino(
    {
      level,
      redact: { paths: SECRET_PATHS, censor: "[redacted]" },
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    stream,
  );
}
