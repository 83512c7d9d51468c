import { Link } from "react-router";
import { PRODUCT } from "~/content/site";
import { formatCents } from "~/lib/money";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [{ title: PRODUCT.name }];

export default function Home() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="text-4xl font-extrabold tracking-tight">{PRODUCT.name}</h1>
      <Link
        to="/checkout"
        className="mt-8 inline-block rounded-md bg-brand-700 px-6 py-3 font-semibold text-white"
      >
        Get Instant Access - {formatCents(PRODUCT.priceCents)}
      </Link>
    </section>
  );
}
