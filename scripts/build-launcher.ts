/**
 * Builds the launcher, server/index.ts, to build/server/start.js: the file `npm run serve` runs.
 * Node runs a .ts file through its TypeScript stripper (amaro, a WebAssembly build of SWC), which
 * then stays loaded for the life of the process: about 10 MB of an idle store (ADR 025).
 * `npm run dev` still runs server/index.ts itself.
 */
import { build } from "vite";

await build({
  configFile: false,
  logLevel: "warn",
  build: {
    ssr: "server/index.ts",
    outDir: "build/server",
    emptyOutDir: false,
    copyPublicDir: false,
    rolldownOptions: { output: { entryFileNames: "start.js" } },
  },
});
console.log("launcher built -> build/server/start.js");
