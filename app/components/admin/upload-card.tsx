/**
 * The upload card: the optional version and changelogs, then the ZIP, sent with a progress bar,
 * replacing the product on sale. One multipart form whose fields come before the file (the server
 * streams the file and reads the details first); without JavaScript the same form posts itself.
 */
import { Upload } from "lucide-react";
import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import type { ProductPageData } from "#app/components/admin/admin-types.ts";
import { ADMIN_COPY } from "#app/content/admin.ts";
import { ADMIN_PAGES_COPY } from "#app/content/admin-pages.ts";
import { formatFileSize } from "#app/lib/file-size.ts";
import { MAX_CHANGELOG_LENGTH, MAX_VERSION_LENGTH } from "#app/lib/products/product-details.ts";

type UploadError = { title: string; message: string };

/** A refused upload's reason stays in the card, in an alert, until the owner closes it or uploads again. */
export function UploadCard({
  data,
}: {
  data: Pick<ProductPageData, "adminPath" | "maxUploadBytes" | "product" | "uploadRefusal">;
}) {
  const [error, setError] = useState<UploadError | null>(data.uploadRefusal);
  const input = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const revalidator = useRevalidator();
  const copy = ADMIN_COPY.upload;
  const details = ADMIN_COPY.versions;

  const choose = (chosen: File | null) => {
    if (chosen && !/\.zip$/i.test(chosen.name)) {
      setError(ADMIN_COPY.toasts.invalidFormat);
      if (input.current) input.current.value = "";
      setFile(null);
      return;
    }
    setError(null);
    setFile(chosen);
  };

  const upload = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file || !form.current) return input.current?.click();
    // The form's order: version and changelogs first, the file last.
    const body = new FormData(form.current);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/${data.adminPath}/upload`);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) setProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      setProgress(null);
      let result: { ok?: boolean; title?: string; message?: string } = {};
      try {
        result = JSON.parse(xhr.responseText);
      } catch {}
      if (xhr.status < 300 && result.ok) {
        toast.success(ADMIN_COPY.toasts.uploaded, { description: ADMIN_COPY.toasts.uploadedText });
        setFile(null);
        form.current?.reset();
        revalidator.revalidate();
      } else {
        // The server refuses a body far over the limit before the route sees it, in plain text.
        const tooLarge =
          xhr.status === 413 && ADMIN_COPY.uploadErrors.tooLarge(formatFileSize(data.maxUploadBytes));
        setError({
          title: result.title ?? ADMIN_COPY.toasts.uploadError,
          message: result.message ?? (tooLarge || ADMIN_COPY.toasts.genericUpload),
        });
      }
    };
    // No answer at all (the server went away): the upload may have taken effect just before, so
    // the product's status is read again rather than claiming nothing changed (ADR 024).
    xhr.onerror = () => {
      setProgress(null);
      revalidator.revalidate();
      setError({ title: ADMIN_COPY.toasts.uploadError, message: ADMIN_COPY.toasts.connectionLost });
    };
    setError(null);
    setProgress(0);
    xhr.send(body);
  };

  const uploading = progress !== null;
  return (
    <section aria-labelledby="upload-title" className="rounded-2xl border border-slate-200 p-4 sm:p-6">
      <h2 id="upload-title" className="flex items-center gap-2 text-lg font-bold">
        <Upload aria-hidden="true" className="size-5 text-brand-700" /> {copy.title}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{data.product ? copy.replaceHint : copy.firstHint}</p>
      <form
        ref={form}
        method="post"
        action={`/${data.adminPath}/upload`}
        encType="multipart/form-data"
        onSubmit={upload}
      >
        <div className="mt-4 space-y-3 text-sm">
          <label className="block">
            <span className="font-medium">{details.versionLabel}</span>
            <input
              name="version"
              type="text"
              maxLength={MAX_VERSION_LENGTH}
              placeholder="v2.1"
              aria-describedby="version-hint"
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
            />
            <span id="version-hint" className="mt-1 block text-slate-600">
              {details.versionHint}
            </span>
          </label>
          <label className="block">
            <span className="font-medium">{details.changelogItLabel}</span>
            <textarea
              name="changelogIt"
              rows={3}
              maxLength={MAX_CHANGELOG_LENGTH}
              aria-describedby="changelog-hint"
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
            />
          </label>
          <label className="block">
            <span className="font-medium">{details.changelogEnLabel}</span>
            <textarea
              name="changelogEn"
              lang="en"
              rows={3}
              maxLength={MAX_CHANGELOG_LENGTH}
              aria-describedby="changelog-hint"
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
            />
          </label>
          <p id="changelog-hint" className="text-slate-600">
            {details.changelogHint(MAX_CHANGELOG_LENGTH)}
          </p>
        </div>
        <input
          ref={input}
          id="product-file"
          name="file"
          type="file"
          accept=".zip,application/zip"
          // Visually hidden: its label below is the button, and shows the focus (app.css).
          className="focus-on-label sr-only"
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
        />
        <div className="mt-4 flex flex-wrap gap-3">
          <label
            htmlFor="product-file"
            className="cursor-pointer rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50"
          >
            {copy.select}
          </label>
          <button
            type="submit"
            disabled={uploading}
            className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
          >
            {data.product ? copy.replace : copy.uploadFirst}
          </button>
        </div>
      </form>
      {file && <p className="mt-3 text-sm text-slate-700">{copy.chosen(file.name)}</p>}
      {error && (
        <div
          role="alert"
          className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
        >
          <p className="font-semibold">{error.title}</p>
          <p className="mt-1">{error.message}</p>
          <button
            type="button"
            onClick={() => setError(null)}
            className="mt-2 rounded border border-red-300 bg-white px-3 py-1 text-sm hover:bg-red-100"
          >
            {ADMIN_PAGES_COPY.product.uploadErrorClose}
          </button>
        </div>
      )}
      {uploading && (
        <div className="mt-4">
          <progress
            value={progress}
            max={100}
            aria-label={copy.uploading(progress)}
            className="h-2 w-full accent-brand-700"
          />
          <p className="mt-1 text-sm text-slate-600" aria-live="polite">
            {progress < 100 ? copy.uploading(progress) : copy.verifying}
          </p>
        </div>
      )}
    </section>
  );
}
