import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { blogSlugs } from "#app/content/blog-slugs.ts";
import { allPosts } from "#app/lib/blog/posts.server.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import { SOCIAL_IMAGE } from "#app/lib/social-image.ts";
import { emWidth, fitText, wrapWords } from "../../scripts/og/text-layout.ts";
import { generateLogo, generateOgImages, readArticles } from "../../scripts/og-images.ts";

let outDir: string;
let files: string[];
let warnings: unknown[][];

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), "og-images-"));
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  files = await generateOgImages({ outDir });
  warnings = warn.mock.calls;
  warn.mockRestore();
}, 120_000);

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

describe("Open Graph images", () => {
  it("writes home.png, blog.png and one PNG per article, and nothing else", async () => {
    const expected = ["home.png", "blog.png", ...blogSlugs().map((slug) => `${slug}.png`)];
    expect([...files].sort()).toEqual([...expected].sort());
    expect((await readdir(outDir)).sort()).toEqual([...expected].sort());
  });

  it("are 1200x630 PNGs well under 100 KB", async () => {
    for (const file of files) {
      const path = join(outDir, file);
      const { format, width, height } = await sharp(path).metadata();
      expect({ file, format, width, height }).toEqual({
        file,
        format: "png",
        width: SOCIAL_IMAGE.width,
        height: SOCIAL_IMAGE.height,
      });
      expect((await stat(path)).size, file).toBeLessThan(100_000);
    }
  });

  it("include the brand's logo for structured data: a 512x512 PNG of the favicon", async () => {
    const dir = await mkdtemp(join(tmpdir(), "logo-"));
    const file = join(dir, "logo.png");
    await generateLogo(file);
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const { format, width, height, hasAlpha } = await sharp(file).metadata();
    expect({ format, width, height, hasAlpha }).toEqual({
      format: "png",
      width: 512,
      height: 512,
      hasAlpha: true,
    });
    // Drawn at its size, not scaled up from 32 px: the corner is transparent, the middle brand purple.
    const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4),
    ];
    expect(pixel(0, 0)[3]).toBe(0);
    expect(pixel(60, 256)).toEqual([0x4c, 0x1d, 0x95, 255]);
  });

  it("fit every title without cutting it", () => {
    expect(warnings).toEqual([]);
  });

  it("show each article's title, category and read time as the site reads them", async () => {
    const site = allPosts().map(({ slug, title, category, readTime }) => ({
      slug,
      title,
      category,
      readTime,
    }));
    // readArticles goes by file name, in code point order, as blogSlugs() does.
    const bySlug = new Map(site.map((post) => [post.slug, post]));
    expect(await readArticles()).toEqual(blogSlugs().map((slug) => bySlug.get(slug)));
  });
});

describe("text layout", () => {
  it("escapes XML special characters", () => {
    expect(escapeMarkup(`Tools & <Software> "it's"`)).toBe(
      "Tools &amp; &lt;Software&gt; &quot;it&#39;s&quot;",
    );
  });

  it("wraps by words within the character budget", () => {
    expect(wrapWords("How to Price Coaching Services: Hourly vs Packages", 20)).toEqual([
      "How to Price",
      "Coaching Services:",
      "Hourly vs Packages",
    ]);
    for (const line of wrapWords("a".repeat(30), 10)) expect(line.length).toBeLessThanOrEqual(10);
  });

  it("picks the largest size that fits and cuts with an ellipsis only as a last resort", () => {
    expect(fitText("Blog for Professional Coaches", 1400, [72, 60], () => 3)).toEqual({
      size: 72,
      lines: ["Blog for Professional Coaches"],
    });
    const wrapped = fitText("Blog for Professional Coaches", 700, [72, 60], () => 3);
    expect(wrapped.size).toBe(72);
    expect(wrapped.lines.join(" ")).toBe("Blog for Professional Coaches");
    for (const line of wrapped.lines) expect(emWidth(line) * 72).toBeLessThanOrEqual(700);
    const long = fitText("word ".repeat(80), 400, [60, 40], () => 2);
    expect(long.size).toBe(40);
    expect(long.cut).toBe(true);
    expect(long.lines).toHaveLength(2);
    expect(long.lines[1]!.endsWith("…")).toBe(true);
  });
});
