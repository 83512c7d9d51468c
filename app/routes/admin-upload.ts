import { data } from "react-router";
import { ADMIN_COPY } from "#app/content/admin.ts";
import { requireAdmin } from "#app/lib/admin/require-admin.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { UploadError, uploadProduct } from "#app/lib/products/upload-product.server.ts";
import type { Route } from "./+types/admin-upload";

/** The admin's ZIP upload: streamed from the request to storage; answers JSON for the page's progress bar. */
export async function action({ request, params }: Route.ActionArgs) {
  const services = await requireAdmin(request, params.secret);
  try {
    const product = await uploadProduct(services, request);
    return { ok: true, product: { fileName: product.fileName, size: product.size } };
  } catch (error) {
    if (error instanceof UploadError) {
      return data({ ok: false, title: error.title, message: error.message }, { status: error.status });
    }
    logger.error({ err: error }, "product upload failed");
    return data(
      { ok: false, title: ADMIN_COPY.toasts.uploadError, message: ADMIN_COPY.toasts.genericUpload },
      { status: 500 },
    );
  }
}
