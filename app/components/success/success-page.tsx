import type { SuccessPageData } from "~/lib/checkout/success-page.server";

export default function SuccessPage({ data }: { data: SuccessPageData }) {
  return <section>{data.paid ? null : null}</section>;
}
