import { NotFoundPage } from "~/components/not-found-page";
import { notFound } from "~/lib/not-found.server";
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
