import { publicConfig } from "#app/lib/public-config.server.ts";

export function loader() {
  const { publicUrl } = publicConfig();
  const body = `User-agent: *\nAllow: /\nDisallow: /checkout\nDisallow: /download/\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
