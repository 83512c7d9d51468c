import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { imagetools } from "vite-imagetools";

export default defineConfig({
  // The server build's entry is the store's Express app (which also re-exports React Router's
  // server build): `npm start` and `npm run dev` serve the same app (ADR 009).
  environments: { ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } } },
  // lucide-react's Node entry is one CommonJS file with every icon (1.3 MB, kept twice in memory
  // once loaded); bundled, the server build keeps only the icons the store draws (ADR 025).
  ssr: { noExternal: ["lucide-react"] },
  // Captions are fetched by <track>, which the content security policy allows only from our own origin.
  build: { assetsInlineLimit: (file: string) => (file.endsWith(".vtt") ? false : undefined) },
  // Images are authored as SVG (or PNG) and turned into sized AVIF/WebP assets at build time. An SVG
  // only when imported `as=picture` (the blog illustrations): plain and ?url SVG imports stay SVG.
  plugins: [
    tailwindcss(),
    imagetools({
      include: [
        /^[^?]+\.(avif|gif|heif|jpeg|jpg|png|tiff|webp)(\?.*)?$/,
        /^[^?]+\.svg\?(.*&)?as=picture(&.*)?$/,
      ],
    }),
    reactRouter(),
  ],
});
