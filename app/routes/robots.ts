import { publicConfigOf } from "#app/lib/public-config.server.ts";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = publicConfigOf(context);
  const body = `User-agent: *\nAllow: /\nDisallow: /checkout\nDisallow: /download/\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
