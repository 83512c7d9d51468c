/** The admin pages' data types: the one file that imports them from the server modules. */
import type { AdminActionData } from "#app/routes/admin/action.server.ts";
import type { OrdersPageData } from "#app/routes/admin/orders.server.ts";
import type { AdminIndexData, OverviewPageData } from "#app/routes/admin/overview.server.ts";
import type { ProductPageData } from "#app/routes/admin/product.server.ts";
import type { ReviewsPageData } from "#app/routes/admin/reviews.server.ts";
import type { SettingsPageData } from "#app/routes/admin/settings.server.ts";

export type {
  AdminActionData,
  AdminIndexData,
  OrdersPageData,
  OverviewPageData,
  ProductPageData,
  ReviewsPageData,
  SettingsPageData,
};

/** One row of the orders table. */
export type AdminOrder = OrdersPageData["orders"]["items"][number];
