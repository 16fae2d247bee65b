import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";
import type { ServedFigures } from "@dwn/api";
import { withServedFigures } from "../figures";

interface WebAppOptions {
  webDir: string;
  rpcUrl: string;
  /** The public chain figures to write into the page (figures.ts); absent: the page as built. */
  figures?: () => Promise<ServedFigures | undefined>;
}

/** One rendering of the page, compressed once for every browser that asks while it is current. */
interface Page {
  figures: ServedFigures | undefined;
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The built web app under /chain/ (and / redirected there). The page's first chain reads go to
 * the RPC node, on another origin: index.html names it for a preconnect, so the browser opens
 * that connection (DNS, TCP, TLS) while the scripts download instead of after they have run.
 * The page itself (/chain/ and /chain/index.html) carries the public chain figures of the
 * latest block read, so the first screens paint them without waiting for that connection.
 */
export async function webApp(app: FastifyInstance, { webDir, rpcUrl, figures }: WebAppOptions) {
  const rpcOrigin = new URL(rpcUrl).origin;
  const preconnect = `<${rpcOrigin}>; rel=preconnect; crossorigin`;
  await app.register(fastifyStatic, {
    root: webDir,
    prefix: "/chain/",
    // The build writes .br and .gz beside each text file; sent when the browser accepts them.
    preCompressed: true,
    // Files and folders named with a leading dot (Vite's .vite/manifest.json, the devnet's
    // .devnet-build) are the build's own, not the app's: they answer 404 like a missing file.
    dotfiles: "ignore",
    cacheControl: false,
    setHeaders: (response, file) => {
      // Vite names everything in assets/ by its content's hash: a browser keeps those for good.
      // index.html and the images are checked again on each visit.
      const hashed = /^assets[\\/]/.test(relative(webDir, file));
      response.setHeader("cache-control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=0");
      response.setHeader("vary", "accept-encoding");
    },
  });

  const built = readFileSync(join(webDir, "index.html"), "utf8");
  let page: Page | undefined;
  const render = (current: ServedFigures | undefined): Page => {
    if (page && page.figures === current) return page;
    const html = Buffer.from(withServedFigures(built, current));
    page = {
      figures: current,
      html,
      br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      gzip: gzipSync(html),
    };
    return page;
  };
  const servePage = async (request: FastifyRequest, response: FastifyReply) => {
    const { html, br, gzip } = render(figures ? await figures() : undefined);
    const accepts = String(request.headers["accept-encoding"] ?? "");
    const [body, encoding] = /\bbr\b/.test(accepts) ? [br, "br"] : /\bgzip\b/.test(accepts) ? [gzip, "gzip"] : [html];
    if (encoding) response.header("content-encoding", encoding);
    return response
      .header("cache-control", "no-cache")
      .header("vary", "accept-encoding")
      .header("link", preconnect)
      .type("text/html; charset=utf-8")
      .send(body);
  };
  app.get("/chain/", servePage);
  app.get("/chain/index.html", servePage);
  app.get("/", (_request, response) => response.redirect("/chain/"));
}
