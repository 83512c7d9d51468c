import { serveDownload } from "~/lib/downloads/serve-download.server";
import { clientIpContext } from "~/lib/request-context";
import { getServices } from "~/lib/services.server";
import type { Route } from "./+types/download";

/** GET and HEAD both land in the loader; HEAD gets the headers without the body. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return serveDownload(await getServices(), request, params.token, context.get(clientIpContext));
}
