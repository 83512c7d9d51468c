import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Marketing pages are static: prerendered HTML is served from disk, no render per request.
  async prerender() {
    return ["/"];
  },
} satisfies Config;
