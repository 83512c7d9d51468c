import { ArrowLeft, Download, ExternalLink, FileText, FolderOpen } from "lucide-react";
import { INSIDE_COPY } from "#app/content/inside.ts";
import { formatFileSize } from "#app/lib/file-size.ts";

interface InsideFile {
  index: number;
  name: string;
  folder: string;
  size: number;
  type: string;
  opens: boolean;
  available: boolean;
  href: string;
}

interface WhatsInsideProps {
  backHref: string;
  error: { title: string; message: string } | null;
  files: InsideFile[];
  /** A long pack's pages (null on one page): this one, how many, and the links either side. */
  pages: { page: number; count: number; previous: string | null; next: string | null } | null;
}

/** The files of the pack by folder, each opened (PDF, image) or downloaded on its own; plain links, no script needed. */
export default function WhatsInsidePage({ backHref, error, files, pages }: WhatsInsideProps) {
  const folders = new Map<string, InsideFile[]>();
  for (const file of files) folders.set(file.folder, [...(folders.get(file.folder) ?? []), file]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 md:py-16">
      <a
        href={backHref}
        className="inline-flex items-center gap-2 rounded-md py-2 font-semibold text-brand-700 hover:text-brand-800"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> {INSIDE_COPY.backToOrder}
      </a>
      <header className="mt-4">
        <h1 className="text-3xl font-extrabold md:text-4xl">{INSIDE_COPY.title}</h1>
        {!error && <p className="mt-3 text-lg text-slate-600">{INSIDE_COPY.intro}</p>}
      </header>

      {error && (
        <div role="alert" className="mt-8 rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900">
          <h2 className="text-lg font-bold">{error.title}</h2>
          <p className="mt-1">{error.message}</p>
        </div>
      )}

      {[...folders].map(([folder, list], i) => (
        <section
          key={folder}
          aria-labelledby={`folder-${i}`}
          className="mt-6 rounded-2xl border border-slate-200 p-4 md:p-6"
        >
          <h2 id={`folder-${i}`} className="flex items-start gap-2 text-lg font-bold">
            <FolderOpen aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand-700" />
            <span className="min-w-0 break-words">{folder || INSIDE_COPY.rootFolder}</span>
          </h2>
          <p className="mt-1 text-sm text-slate-600">{INSIDE_COPY.fileCount(list.length)}</p>
          <ul className="mt-3 divide-y divide-slate-200">
            {list.map((file) => (
              <li key={file.index} className="flex items-center gap-3 py-3">
                <FileText aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
                <div className="min-w-0 flex-1">
                  <p className="font-medium [overflow-wrap:anywhere]">{file.name}</p>
                  <p className="text-sm text-slate-600">{`${file.type} · ${formatFileSize(file.size)}`}</p>
                </div>
                {file.available ? (
                  <a
                    href={file.href}
                    aria-label={
                      file.opens ? INSIDE_COPY.openLabel(file.name) : INSIDE_COPY.downloadLabel(file.name)
                    }
                    className="inline-flex shrink-0 items-center gap-1.5 rounded-md border border-brand-600 px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                  >
                    {file.opens ? (
                      <>
                        <ExternalLink aria-hidden="true" className="size-4" /> {INSIDE_COPY.open}
                      </>
                    ) : (
                      <>
                        <Download aria-hidden="true" className="size-4" /> {INSIDE_COPY.download}
                      </>
                    )}
                  </a>
                ) : (
                  <span className="shrink-0 text-sm text-slate-600">{INSIDE_COPY.unavailable}</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}

      {pages && (
        <nav aria-label={INSIDE_COPY.pages} className="mt-6 flex items-center justify-between gap-3">
          {pages.previous ? (
            <a
              href={pages.previous}
              className="rounded-md py-2 font-semibold text-brand-700 hover:text-brand-800"
            >
              {INSIDE_COPY.previousPage}
            </a>
          ) : (
            <span />
          )}
          <p className="text-sm text-slate-600">{INSIDE_COPY.pageOf(pages.page, pages.count)}</p>
          {pages.next ? (
            <a
              href={pages.next}
              className="rounded-md py-2 font-semibold text-brand-700 hover:text-brand-800"
            >
              {INSIDE_COPY.nextPage}
            </a>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}
