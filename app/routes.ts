import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("checkout/offer", "routes/checkout-offer.ts"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("pay/test/:session", "routes/pay-test.tsx"),
  route("webhooks/stripe", "routes/webhooks.stripe.ts"),
  route("blog", "routes/blog-index.tsx"),
  route("blog/rss.xml", "routes/blog-rss.ts"),
  route("blog/:slug", "routes/blog-post.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("confirm-download/:token?", "routes/confirm-download.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("readyz", "routes/readyz.ts"),
  route("unsubscribe/:token", "routes/unsubscribe.tsx"),
  // The admin area and the success page live at generated, secret paths (ADR 005): this route
  // resolves which one a single-segment path is (the admin's Panoramica or the buyer's success
  // page), and answers 404 for everything else. The admin's pages below check the path too (ADR 033).
  route(":secret", "routes/secret.tsx"),
  route(":secret/ordini", "routes/admin/orders.tsx"),
  route(":secret/ordini/:reference", "routes/admin/order.tsx"),
  route(":secret/prodotto", "routes/admin/product.tsx"),
  route(":secret/impostazioni", "routes/admin/settings.tsx"),
  route(":secret/promozioni", "routes/admin/promotions.tsx"),
  route(":secret/upload", "routes/admin/upload.ts"),
  route(":secret/answer", "routes/buyer/success-answer.ts"),
  route(":secret/inside", "routes/buyer/inside.tsx"),
  route(":secret/orders.csv", "routes/admin/orders-csv.ts"),
  route(":secret/price-history.csv", "routes/admin/price-history-csv.ts"),
  route(":secret/orders/:id/evidence", "routes/admin/order-evidence.tsx"),
  route(":secret/orders/:id/evidence.json", "routes/admin/order-evidence-json.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
