/** The upload card: picks a ZIP and sends it with a progress bar, replacing the product on sale. */
import { Upload } from "lucide-react";
import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import type { SignedIn } from "#app/components/admin/admin-types.ts";
import { ADMIN_COPY } from "#app/content/admin.ts";
import { formatFileSize } from "#app/lib/file-size.ts";

export function UploadCard({ data }: { data: SignedIn }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const revalidator = useRevalidator();
  const copy = ADMIN_COPY.upload;

  const choose = (chosen: File | null) => {
    if (chosen && !/\.zip$/i.test(chosen.name)) {
      toast.error(ADMIN_COPY.toasts.invalidFormat.title, {
        description: ADMIN_COPY.toasts.invalidFormat.message,
      });
      if (input.current) input.current.value = "";
      setFile(null);
      return;
    }
    setFile(chosen);
  };

  const upload = () => {
    if (!file) return input.current?.click();
    const body = new FormData();
    body.append("file", file);
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
        if (input.current) input.current.value = "";
        revalidator.revalidate();
      } else {
        // The server refuses a body far over the limit before the route sees it, in plain text.
        const tooLarge =
          xhr.status === 413 && ADMIN_COPY.uploadErrors.tooLarge(formatFileSize(data.maxUploadBytes));
        toast.error(result.title ?? ADMIN_COPY.toasts.uploadError, {
          description: result.message ?? (tooLarge || ADMIN_COPY.toasts.genericUpload),
        });
      }
    };
    // No answer at all (the server went away): the upload may have taken effect just before, so
    // the product's status is read again rather than claiming nothing changed (ADR 024).
    xhr.onerror = () => {
      setProgress(null);
      revalidator.revalidate();
      toast.error(ADMIN_COPY.toasts.uploadError, { description: ADMIN_COPY.toasts.connectionLost });
    };
    setProgress(0);
    xhr.send(body);
  };

  const uploading = progress !== null;
  return (
    <section aria-labelledby="upload-title" className="rounded-2xl border border-slate-200 p-6">
      <h3 id="upload-title" className="flex items-center gap-2 text-lg font-bold">
        <Upload aria-hidden="true" className="size-5 text-brand-700" /> {copy.title}
      </h3>
      <p className="mt-2 text-sm text-slate-600">{data.product ? copy.replaceHint : copy.firstHint}</p>
      <input
        ref={input}
        id="product-file"
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
          type="button"
          onClick={upload}
          disabled={uploading || !file}
          className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
        >
          {data.product ? copy.replace : copy.uploadFirst}
        </button>
      </div>
      {file && <p className="mt-3 text-sm text-slate-700">{copy.chosen(file.name)}</p>}
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
