import type { Plugin } from "vite";

type HookName = "resolveId" | "load" | "transform" | "transformIndexHtml";
type Handler<H> = H extends { handler: infer F } ? F : H;

/** A plugin's hook as a function, whether the plugin gives it as one or as `{ order, handler }`. */
export function hookOf<K extends HookName>(plugin: Plugin, name: K): Handler<NonNullable<Plugin[K]>> {
  const hook = plugin[name];
  if (!hook) throw new Error(`${plugin.name} has no ${name} hook.`);
  return (typeof hook === "object" && "handler" in hook ? hook.handler : hook) as Handler<NonNullable<Plugin[K]>>;
}
