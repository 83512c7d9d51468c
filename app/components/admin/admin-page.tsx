import type { AdminPageData } from "~/lib/admin/admin-page.server";

export default function AdminPage({ data }: { data: AdminPageData }) {
  return <section lang="it">{data.signedIn ? null : null}</section>;
}
