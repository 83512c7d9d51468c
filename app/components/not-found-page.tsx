import { Link } from "react-router";
import { NOT_FOUND } from "#app/content/site.ts";

export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-7xl font-extrabold text-violet-700">{NOT_FOUND.code}</p>
      <h1 className="mt-4 text-2xl font-semibold">{NOT_FOUND.title}</h1>
      <Link to="/" className="mt-8 text-violet-700 underline underline-offset-4 hover:text-violet-900">
        {NOT_FOUND.back}
      </Link>
    </section>
  );
}
