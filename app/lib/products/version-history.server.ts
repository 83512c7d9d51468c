import { desc } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import { products } from "#db/schema.ts";

/** How many uploads the admin's history lists, newest first. */
const HISTORY_LIMIT = 50;

/** Every upload the store kept (the file of a replaced one is gone, its record stays), for the admin's history. */
export async function versionHistory(db: Db) {
  const rows = await db.select().from(products).orderBy(desc(products.uploadedAt)).limit(HISTORY_LIMIT);
  return rows.map((p) => ({
    id: p.id,
    version: p.version,
    fileName: p.fileName,
    size: p.size,
    sha256: p.sha256,
    uploadedAt: p.uploadedAt.toISOString(),
    uploadedBy: p.uploadedBy,
    changelogIt: p.changelogIt,
    changelogEn: p.changelogEn,
    current: p.current,
    notifiedAt: p.notifiedAt?.toISOString() ?? null,
  }));
}

/**
 * Who uploaded, as the history shows it: the single admin's browser and system, from the
 * session's User-Agent ("Chrome · Android"), never the whole string.
 */
export function uploaderLabel(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Browser";
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  return system ? `${browser} · ${system}` : browser;
}
