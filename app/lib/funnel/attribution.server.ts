/**
 * Where a visit or a purchase came from, read from the request alone: no cookie, no IP address,
 * no user agent kept (ADR 023). A source is the referring site's host or `utm_source`, a campaign
 * `utm_campaign`, an article the blog slug the visitor read or came from, a device "phone" or
 * "desktop". Values are sanitised to short labels ('' when absent or not a plain label), so what a
 * stranger puts in a URL cannot become arbitrary text in the owner's figures.
 */
import { isbot } from "isbot";
import { blogSlugs } from "#app/content/blog-slugs.ts";

export interface Attribution {
  source: string;
  campaign: string;
  device: string;
  article: string;
}

export const NO_ATTRIBUTION: Attribution = { source: "", campaign: "", device: "", article: "" };

const LABEL = /^[a-z0-9][a-z0-9._-]{0,59}$/;
const HOST = /^[a-z0-9]([a-z0-9-]{0,62}\.)+[a-z]{2,63}$/;
const PHONE = /Mobi|iPhone|iPod|Android.+Mobile|Windows Phone/i;

/** A short lower-case label, or '' for anything else (markup, long text, emoji). */
export function cleanLabel(value: string | null | undefined): string {
  const label = (value ?? "").trim().toLowerCase().replace(/\s+/g, "-").slice(0, 61);
  return LABEL.test(label) ? label : "";
}

let slugs: Set<string> | undefined;
/** A known article's slug, or ''. */
export function cleanArticle(value: string | null | undefined): string {
  slugs ??= new Set(blogSlugs());
  return value && slugs.has(value) ? value : "";
}

/** "phone" or "desktop"; the user agent itself is not kept. */
export const deviceClass = (userAgent: string) => (PHONE.test(userAgent) ? "phone" : "desktop");

/** Whether a request comes from a crawler, a monitor or a client that does not say what it is. */
export const isBotAgent = (userAgent: string | undefined) => !userAgent || isbot(userAgent);

/** The article slug a path names (`/blog/{slug}`), or ''. */
export const articleOf = (path: string) => cleanArticle(/^\/blog\/([^/]+)$/.exec(path)?.[1]);

function parse(url: string | undefined, base?: string): URL | null {
  if (!url) return null;
  try {
    return new URL(url, base);
  } catch {
    return null;
  }
}

/**
 * The attribution of a request to `url` with `referer`, on a store at `publicUrl`. An outside
 * referrer is the source; a referrer on this store passes on its own `utm_*` and the article it
 * showed (the checkout knows the article and the campaign link the buyer came through, one page
 * back, without storing anything in the browser).
 */
export function attributionOf(input: {
  url: string;
  referer: string | undefined;
  userAgent: string;
  publicUrl: string;
}): Attribution {
  const url = parse(input.url, input.publicUrl);
  const referer = parse(input.referer);
  const ownHost = parse(input.publicUrl)?.host;
  const internal = referer !== null && (referer.host === ownHost || referer.host === url?.host);
  const query = (name: string) =>
    cleanLabel(url?.searchParams.get(name)) || (internal ? cleanLabel(referer.searchParams.get(name)) : "");
  const refererHost = referer && !internal ? referer.hostname.toLowerCase().replace(/^www\./, "") : "";
  return {
    source: query("utm_source") || (HOST.test(refererHost) ? refererHost : ""),
    campaign: query("utm_campaign"),
    device: deviceClass(input.userAgent),
    article: articleOf(url?.pathname ?? "") || (internal ? articleOf(referer.pathname) : ""),
  };
}

/** What the checkout form carries back (hidden fields: untrusted, cleaned again). */
export function attributionFromForm(
  form: { source?: unknown; campaign?: unknown; article?: unknown },
  userAgent: string,
): Attribution {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const source = text(form.source).trim().toLowerCase();
  return {
    source: cleanLabel(source) || (HOST.test(source) ? source : ""),
    campaign: cleanLabel(text(form.campaign)),
    device: deviceClass(userAgent),
    article: cleanArticle(text(form.article)),
  };
}
