import type { Db } from "#app/lib/db/database.server.ts";

export interface StorefrontProof {
  recentSales: { customer: string; location: string; paidAt: Date }[];
  newReviews: { customer: string; rating: number; comment: string; publishedAt: Date }[];
  testimonials: { name: string; rating: number; comment: string; purchasedMonth: string }[];
  contentTestimonialsConfirmed: boolean;
  reviewSummary:
    | { kind: "verified"; average: string; count: number; hidden: number }
    | { kind: "declared"; rating: string; reviews: string; source: string }
    | null;
  trustedBy: { figure: string; source: string | null } | null;
  verificationPath: string;
}

export async function storefrontProof(_db: Db, _now = new Date()): Promise<StorefrontProof> {
  return {
    recentSales: [],
    newReviews: [],
    testimonials: [],
    contentTestimonialsConfirmed: false,
    reviewSummary: null,
    trustedBy: null,
    verificationPath: "/reviews",
  };
}
