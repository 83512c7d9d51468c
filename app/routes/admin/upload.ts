import { data, redirect } from "react-router";
import { ADMIN_COPY } from "#app/content/admin.ts";
import { AppError } from "#app/lib/app-error.ts";
import { logger } from "#app/lib/logger.server.ts";
import { uploaderLabel } from "#app/lib/products/version-history.server.ts";
import { servicesContext } from "#app/lib/router-context.ts";
import { requireAdmin } from "#app/routes/admin/guard.server.ts";
import { uploadErrorCopy, uploadFromRequest, uploadRefusalQuery } from "#app/routes/admin/upload.server.ts";
import { httpStatus, needsDatabase } from "#app/routes/http.server.ts";
import type { Route } from "./+types/upload";

/**
 * The admin's ZIP upload: streamed from the request to storage; answers JSON for the page's
 * progress bar; the form posted without JavaScript is sent back to the product page, with the
 * refusal's reason in its address when there is one.
 */
export const action = needsDatabase(async ({ request, params, context }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
  await requireAdmin(services, request, params.secret);
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  try {
    const by = uploaderLabel(request.headers.get("user-agent"));
    const product = await uploadFromRequest(services, request, by);
    if (!wantsJson) return redirect(`/${services.settings.adminPath}/prodotto`, 303);
    return { ok: true, product: { fileName: product.fileName, size: product.size } };
  } catch (error) {
    if (error instanceof AppError) {
      // Without JavaScript the owner is sent back to the product page, which shows why.
      if (!wantsJson)
        return redirect(`/${services.settings.adminPath}/prodotto?${uploadRefusalQuery(error)}`, 303);
      const copy = uploadErrorCopy(error, services.env.MAX_UPLOAD_BYTES);
      return data({ ok: false, ...copy }, { status: httpStatus(error) });
    }
    logger.error({ err: error }, "product upload failed");
    return data(
      { ok: false, title: ADMIN_COPY.toasts.uploadError, message: ADMIN_COPY.toasts.genericUpload },
      { status: 500 },
    );
  }
});
