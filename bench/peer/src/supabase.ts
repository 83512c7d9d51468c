/**
 * The peer's backend, as a Lovable app has it: a supabase-js client and one TanStack Query hook per
 * read. The bench's nginx answers the REST and storage paths with static files (bench/peer/build.ts
 * writes them), so the peer fetches its data like the real thing but never leaves localhost.
 */
import { createClient } from "@supabase/supabase-js";
import { useQuery } from "@tanstack/react-query";

export const supabase = createClient(window.location.origin, "peer-anon-key");

export interface Product {
  id: number;
  name: string;
  price_cents: number;
  list_price_cents: number;
  in_stock: boolean;
  file_size_bytes: number;
}

export interface PostSummary {
  slug: string;
  title: string;
  excerpt: string;
  date: string;
  category: string;
  read_time: string;
}

export interface Order {
  id: string;
  email: string;
  amount_cents: number;
  created_at: string;
  product_name: string;
  download_url: string;
  file_size_bytes: number;
}

/** Data or the thrown PostgREST error, as TanStack Query wants it. */
function unwrap<T>({ data, error }: { data: T | null; error: unknown }): T {
  if (error) throw error;
  return data as T;
}

export function useProduct() {
  return useQuery({
    queryKey: ["product"],
    queryFn: async () => unwrap<Product>(await supabase.from("products").select("*").eq("id", 1).single()),
  });
}

export function usePosts() {
  return useQuery({
    queryKey: ["posts"],
    queryFn: async () =>
      unwrap<PostSummary[]>(await supabase.from("posts").select("*").order("date", { ascending: false })),
  });
}

/** An article's Markdown body, kept in a storage bucket. */
export function useArticleBody(slug: string) {
  return useQuery({
    queryKey: ["article", slug],
    queryFn: async () => (await unwrap(await supabase.storage.from("blog").download(`${slug}.md`))).text(),
  });
}

export function useOrder(sessionId: string) {
  return useQuery({
    queryKey: ["order", sessionId],
    queryFn: async () =>
      unwrap<Order>(await supabase.from("orders").select("*").eq("session_id", sessionId).single()),
    enabled: sessionId !== "",
  });
}

export const formatUsd = (cents: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
