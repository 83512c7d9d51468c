/**
 * Open Graph images (1200x630 PNG) written at build time into build/client/og/: home.png for the
 * landing page, blog.png for the blog index and <slug>.png per article in app/content/blog. Also the
 * brand's 512x512 PNG logo, build/client/logo.png, for structured data (generateLogo).
 * This file generates them: it reads the articles, renders each image's SVG (drawn by
 * scripts/og/drawing.ts, text laid out by scripts/og/text-layout.ts) to a PNG with sharp (librsvg),
 * so no browser is needed, and writes the files.
 *
 * Runs with plain `node scripts/og-images.ts` (Node strips the types): imports carry their `.ts`
 * extension, app modules through the package's `#app/*` subpath imports.
 */
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import sharp from "sharp";
import { BLOG_DIR } from "#app/content/blog-slugs.ts";
import { parseArticleFile } from "#app/lib/blog/front-matter.ts";
import { LOGO, SOCIAL_IMAGE } from "#app/lib/social-image.ts";
import { type ArticleMeta, articleSvg, blogSvg, homeSvg } from "./og/drawing.ts";

export const DEFAULT_OUT_DIR = join(process.cwd(), "build", "client", "og");
export const DEFAULT_LOGO_FILE = join(process.cwd(), "build", "client", LOGO.path.slice(1));
const FAVICON = join(import.meta.dirname, "..", "public", "favicon.svg");

/**
 * Title, category and read time of every article, from the Markdown front matter, validated by the
 * same schema as the site's (a file the site would reject fails the build here too).
 */
export async function readArticles(blogDir = BLOG_DIR): Promise<ArticleMeta[]> {
  const names = (await readdir(blogDir)).filter((name) => name.endsWith(".md")).sort();
  return Promise.all(
    names.map(async (name) => {
      // parseArticleFile checks that the slug is the file name, which the site routes by.
      const { data } = parseArticleFile(name, await readFile(join(blogDir, name), "utf8"));
      return { slug: data.slug, title: data.title, category: data.category, readTime: data.readTime };
    }),
  );
}

/**
 * SVG to a 1200x630 palette PNG (flat colours quantise well: 15-65 KB). Dithering only where there
 * is a gradient; on flat colours it would speckle thin lines.
 */
export async function renderPng(svgText: string, { dither = false } = {}): Promise<Buffer> {
  return sharp(Buffer.from(svgText))
    .resize(SOCIAL_IMAGE.width, SOCIAL_IMAGE.height)
    .png({ palette: true, quality: 90, effort: 7, compressionLevel: 6, dither: dither ? 1 : 0 })
    .toBuffer();
}

async function inPool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

export interface OgOptions {
  outDir?: string;
  blogDir?: string;
  concurrency?: number;
}

/**
 * Writes home.png, blog.png and <slug>.png per article into `outDir`, removing PNGs of articles that
 * are gone. Returns the file names.
 */
export async function generateOgImages({
  outDir = DEFAULT_OUT_DIR,
  blogDir = BLOG_DIR,
  concurrency = 4,
}: OgOptions = {}): Promise<string[]> {
  const articles = await readArticles(blogDir);
  const jobs: { file: string; svg: () => string; dither?: boolean }[] = [
    { file: "home.png", svg: homeSvg, dither: true },
    { file: "blog.png", svg: () => blogSvg(articles.length) },
    ...articles.map((article) => ({ file: `${article.slug}.png`, svg: () => articleSvg(article) })),
  ];
  await mkdir(outDir, { recursive: true });
  // An image of an article that no longer exists goes; nothing else in the folder is touched.
  const wanted = new Set(jobs.map((job) => job.file));
  for (const name of await readdir(outDir))
    if (name.endsWith(".png") && !wanted.has(name)) await rm(join(outDir, name), { force: true });
  await inPool(jobs, concurrency, async ({ file, svg, dither }) => {
    await writeFile(join(outDir, file), await renderPng(svg(), { dither }));
  });
  return jobs.map((job) => job.file);
}

/**
 * The favicon drawn as a LOGO.size square PNG into `outFile`: Google wants a raster publisher logo
 * in structured data, and the favicon is the brand's mark. The SVG is rasterised at the density
 * that gives that size directly, so it is drawn sharp rather than scaled up from 32 px.
 */
export async function generateLogo(outFile = DEFAULT_LOGO_FILE, svgFile = FAVICON): Promise<void> {
  const svgText = await readFile(svgFile);
  const { width = LOGO.size } = await sharp(svgText).metadata();
  const png = await sharp(svgText, { density: (72 * LOGO.size) / width })
    .resize(LOGO.size, LOGO.size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  await mkdir(dirname(outFile), { recursive: true });
  await writeFile(outFile, png);
}

if (import.meta.main) {
  const started = performance.now();
  const [files] = await Promise.all([generateOgImages(), generateLogo()]);
  const ms = Math.round(performance.now() - started);
  console.log(`og-images: ${files.length} images and the logo in ${ms} ms -> ${DEFAULT_OUT_DIR}`);
}
