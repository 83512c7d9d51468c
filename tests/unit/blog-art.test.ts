import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CATEGORY_MOTIFS, DEFAULT_MOTIF, MOTIFS, motifFor } from "#app/content/blog-art.ts";
import { allPosts } from "#app/lib/blog/posts.server.ts";
import { TONES } from "#app/lib/blog/tones.ts";

const ART_DIR = join(process.cwd(), "app", "media", "blog");
const files = readdirSync(ART_DIR).filter((f) => f.endsWith(".svg"));

describe("blog illustrations", () => {
  it("every article's category has its own motif, not the fallback", () => {
    const unmapped = [...new Set(allPosts().map((p) => p.category))].filter(
      (category) => !Object.hasOwn(CATEGORY_MOTIFS, category),
    );
    expect(unmapped).toEqual([]);
  });

  it("an unknown category falls back to the default motif", () => {
    expect(motifFor("No Such Category")).toBe(DEFAULT_MOTIF);
    expect(motifFor("toString")).toBe(DEFAULT_MOTIF);
    expect(motifFor("Email Marketing")).toBe("email");
  });

  it("every motif is drawn, and every drawing is a motif", () => {
    expect(files.map((f) => f.replace(/\.svg$/, "")).sort()).toEqual(Object.keys(MOTIFS).sort());
  });

  it("every motif's palette is one of the blog's tones, and its background is the drawing's", () => {
    for (const [motif, { background, tone }] of Object.entries(MOTIFS)) {
      expect(TONES.map((t) => t.join())).toContain(tone.join());
      const svg = readFileSync(join(ART_DIR, `${motif}.svg`), "utf8");
      expect(svg).toContain(`<rect width="1280" height="720" fill="${background}"/>`);
    }
  });

  it.each(files)("%s: 16:9, self-contained, no text", (file) => {
    const svg = readFileSync(join(ART_DIR, file), "utf8");
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="1280" height="720" viewBox="0 0 1280 720">/,
    );
    expect(svg).not.toMatch(/<(text|image|use|style|script|foreignObject)\b|href=|url\(/i);
    expect(svg.match(/https?:/g)).toHaveLength(1);
  });
});
