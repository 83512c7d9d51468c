import { NotFoundPage } from "#app/components/not-found-page.tsx";
import { NOT_FOUND } from "#app/content/site.ts";
import { notFound } from "#app/routes/http.server.ts";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [
  { title: NOT_FOUND.documentTitle },
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  notFound(request);
}

export default function NotFound() {
  return <NotFoundPage />;
}
