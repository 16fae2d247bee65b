import { relative } from "node:path";
import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";

/**
 * The built web app under /chain/ (and / redirected there). The page's first chain reads go to
 * the RPC node, on another origin: index.html names it for a preconnect, so the browser opens
 * that connection (DNS, TCP, TLS) while the scripts download instead of after they have run.
 */
export async function webApp(app: FastifyInstance, { webDir, rpcUrl }: { webDir: string; rpcUrl: string }) {
  const rpcOrigin = new URL(rpcUrl).origin;
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
      if (/^index\.html(\.br|\.gz)?$/.test(relative(webDir, file))) {
        response.setHeader("link", `<${rpcOrigin}>; rel=preconnect; crossorigin`);
      }
    },
  });
  app.get("/", (_request, response) => response.redirect("/chain/"));
}
