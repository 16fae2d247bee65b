import { createHash } from "node:crypto";
import type { FastifyHelmetOptions } from "@fastify/helmet";

/**
 * Where WalletConnect's code (@walletconnect/ethereum-provider 2.25 and the AppKit modal it
 * opens, @reown/appkit 1.8) connects: the relay (WebSocket), the blockchain API
 * (rpc.walletconnect.org), Verify (verify.walletconnect.org/.com, an API and an iframe), event
 * and push services (pulse., echo.), and the modal's wallet list, whose images are fetched and
 * shown as blob: URLs (api.web3modal.org), and its fonts (fonts.reown.com).
 */
export const WALLETCONNECT_SOURCES = {
  connect: [
    "wss://relay.walletconnect.org",
    "wss://relay.walletconnect.com",
    "https://rpc.walletconnect.org",
    "https://rpc.walletconnect.com",
    "https://*.walletconnect.org",
    "https://*.walletconnect.com",
    "https://*.reown.com",
    "https://api.web3modal.org",
  ],
  img: [
    "https://api.web3modal.org",
    "https://*.walletconnect.org",
    "https://*.walletconnect.com",
    "https://*.reown.com",
  ],
  font: ["https://fonts.reown.com"],
  frame: ["https://verify.walletconnect.org", "https://verify.walletconnect.com"],
} as const;

export interface PolicyOptions {
  /** The RPCs the web app reads: the runtime config's `chain.rpcUrl` and `chain.rpcUrls`. */
  rpcUrls: readonly string[];
  /** Whether the web app offers WalletConnect (WALLETCONNECT_PROJECT_ID is set). */
  walletConnect: boolean;
  /** CSP hash sources ('sha256-…') of the inline scripts index.html runs. */
  inlineScripts: readonly string[];
  /** The site is served over TLS (PUBLIC_ORIGIN is https): HSTS, and no plain-HTTP subresources. */
  https: boolean;
}

/**
 * The Content-Security-Policy the web app runs under: its own scripts and the inline ones
 * index.html carries (by hash), its own origin and the configured RPCs to connect to, and
 * WalletConnect's hosts only when it is offered. Inline styles stay allowed: antd-mobile sets
 * style attributes. No page may frame the app.
 */
export function contentSecurityPolicy(options: PolicyOptions): Record<string, string[]> {
  const wc = options.walletConnect ? WALLETCONNECT_SOURCES : { connect: [], img: [], font: [], frame: [] };
  const rpcOrigins = [...new Set(options.rpcUrls.map((url) => new URL(url).origin))];
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...options.inlineScripts],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...wc.img],
    "font-src": ["'self'", "data:", ...wc.font],
    "connect-src": ["'self'", ...rpcOrigins, ...wc.connect],
    "frame-src": wc.frame.length > 0 ? [...wc.frame] : ["'none'"],
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    ...(options.https ? { "upgrade-insecure-requests": [] } : {}),
  };
}

/** @fastify/helmet's settings: the policy above, HSTS only over TLS, and framing denied. */
export function helmetOptions(options: PolicyOptions): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    frameguard: { action: "deny" },
    // Wallets show the site's icon (/chain/icon.svg) from their own pages; nothing served here
    // is private to a cross-origin read (the API's answers need a POST with a token).
    crossOriginResourcePolicy: { policy: "cross-origin" },
  };
}

/**
 * The CSP hash sources of the executable inline scripts in an HTML page (the build puts one in
 * index.html: it preloads the opened screen's files). Data blocks (type="application/json")
 * are not run, so the policy does not concern them.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type !== undefined && type !== "module" && !/^(text|application)\/(java|ecma)script$/.test(type)) continue;
    hashes.push(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...new Set(hashes)];
}
