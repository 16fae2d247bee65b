import type { QueryClient } from "@tanstack/react-query";
import { StrictMode, useEffect, useState, useSyncExternalStore } from "react";
import type { ConfigSource } from "../lib/runtimeCache";
import { App } from "./App";
import { createQueryClient } from "./queryClient";
import { Shell } from "./Shell";

/**
 * The app on the runtime config `source` gives: the shell until there is one, then the app.
 * A config that replaces another (the deployment moved) starts the app again with an empty
 * query cache, so no figure of the former deployment stays on screen.
 */
export function Root({ source, queryClient }: { source: ConfigSource; queryClient: QueryClient }) {
  const { config, failing, generation } = useSyncExternalStore(source.subscribe, source.getSnapshot);
  const [clients, setClients] = useState(() => new Map([[0, queryClient]]));
  const client = clients.get(generation);
  useEffect(() => {
    if (!client) setClients(new Map([[generation, createQueryClient()]]));
  }, [client, generation]);
  if (!config || !client) return <Shell failing={failing} />;
  return (
    <StrictMode>
      <App key={generation} config={config} queryClient={client} />
    </StrictMode>
  );
}
