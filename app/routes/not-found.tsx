import { NotFoundPage } from "#app/components/not-found-page.tsx";
import { notFound } from "#app/routes/http.server.ts";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [
  { title: "Page not found" },
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  notFound(request);
}

export default function NotFound() {
  return <NotFoundPage />;
}
