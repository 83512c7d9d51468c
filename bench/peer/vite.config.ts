/**
 * The client-rendered peer's Vite config (ADR 028): a plain SPA build as a Vite + React template
 * makes it, with the store's Tailwind and image pipeline so both ship the same CSS and images.
 * bench/peer/build.ts builds it with Vite's JS API; the store's own build never reads this file.
 */
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { imagetools } from "vite-imagetools";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  // The store's favicon, served from the same public/ directory.
  publicDir: fileURLToPath(new URL("../../public", import.meta.url)),
  // React 19's automatic JSX runtime, as @vitejs/plugin-react configures it (Fast Refresh, the
  // plugin's other job, is for development only).
  oxc: { jsx: { runtime: "automatic" } },
  plugins: [tailwindcss(), imagetools({ include: [/^[^?]+\.svg\?(.*&)?as=picture(&.*)?$/] })],
});
