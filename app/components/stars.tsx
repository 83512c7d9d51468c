import { Star } from "lucide-react";

const KEYS = ["one", "two", "three", "four", "five"] as const;

/** A row of filled stars, announced as "N out of 5 stars". */
export function Stars({ rating, className = "size-4" }: { rating: number; className?: string }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className="inline-flex text-amber-500">
      {KEYS.slice(0, rating).map((key) => (
        <Star key={key} aria-hidden="true" className={`${className} fill-current`} />
      ))}
    </span>
  );
}
