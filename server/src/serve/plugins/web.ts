import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";
import type { RuntimeConfig, ServedFigures } from "@dwn/api";
import { loadShellRenderer, servedFiguresText, withServedFigures, withServedShells } from "../figures";

interface WebAppOptions {
  webDir: string;
  /** The app's runtime config (GET /api/config): its RPC node, and the deployment the figures are of. */
  runtimeConfig: RuntimeConfig;
  /** The public chain figures to write into the page (figures.ts); absent: the page as built. */
  figures?: () => Promise<ServedFigures | undefined>;
  /** How long a page waits for its shells to render with the figures before it keeps the built ones. */
  renderShellsMs?: number;
}

/** One rendering of the page, compressed once for every browser that asks while it is current. */
interface Page {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The built web app under /chain/ (and / redirected there). The page's first chain reads go to
 * the RPC node, on another origin: index.html names it for a preconnect, so the browser opens
 * that connection (DNS, TCP, TLS) while the scripts download instead of after they have run.
 * The page itself (/chain/ and /chain/index.html) carries the public chain figures of the
 * latest block read, so the first screens paint them without waiting for that connection: as
 * data for the app, and in the shells of the screens that show them, which paint before the
 * app's scripts have even been requested.
 */
export async function webApp(
  app: FastifyInstance,
  { webDir, runtimeConfig, figures, renderShellsMs = 2_000 }: WebAppOptions,
) {
  const rpcOrigin = new URL(runtimeConfig.chain.rpcUrl).origin;
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
  // The shells of the screens showing the figures, rendered with them by the build's renderer
  // (figures.ts): a page without it, or whose render fails, keeps the built shells.
  const renderShells = figures
    ? await loadShellRenderer(webDir).catch((error: unknown) => {
        app.log.warn({ err: error }, "The web app's shells renderer does not load: pages keep the built shells.");
        return undefined;
      })
    : undefined;
  const withShells = async (html: string, current: ServedFigures) => {
    if (!renderShells) return html;
    let timer: NodeJS.Timeout | undefined;
    try {
      // A render that never ends (a part of the app that never loads) must not hold every page.
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no render within ${renderShellsMs} ms`)), renderShellsMs);
      });
      const rendered = await Promise.race([renderShells(servedFiguresText(current), runtimeConfig), late]);
      return withServedShells(html, rendered);
    } catch (error) {
      app.log.warn({ err: error }, "The shells with the chain figures did not render: the page keeps the built ones.");
      return html;
    } finally {
      clearTimeout(timer);
    }
  };
  /** The page of the figures last asked for; pages asked for meanwhile wait for the same one. */
  let page: { figures: ServedFigures | undefined; ready: Promise<Page> } | undefined;
  const render = async (current: ServedFigures | undefined): Promise<Page> => {
    const withFigures = withServedFigures(built, current);
    const html = Buffer.from(current ? await withShells(withFigures, current) : withFigures);
    return {
      html,
      br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      gzip: gzipSync(html),
    };
  };
  const pageOf = (current: ServedFigures | undefined) => {
    if (!page || page.figures !== current) page = { figures: current, ready: render(current) };
    return page.ready;
  };
  const servePage = async (request: FastifyRequest, response: FastifyReply) => {
    const { html, br, gzip } = await pageOf(figures ? await figures() : undefined);
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
