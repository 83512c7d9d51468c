/** The client-rendered peer (ADR 028): one React root, the router, the query client and the toaster. */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { Toaster } from "sonner";
import { TIMING } from "#app/content/site.ts";
import "./index.css";
import { Layout } from "./layout.tsx";
import { BlogPage } from "./pages/blog.tsx";
import { CheckoutPage } from "./pages/checkout.tsx";
import { LandingPage } from "./pages/landing.tsx";
import { SuccessPage } from "./pages/success.tsx";

const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });

const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: "checkout", element: <CheckoutPage /> },
      { path: "blog", element: <BlogPage /> },
      // Markdown rendering is only needed on an article: its own chunk, loaded with the route.
      {
        path: "blog/:slug",
        lazy: async () => ({ Component: (await import("./pages/article.tsx")).ArticlePage }),
      },
      { path: "success", element: <SuccessPage /> },
    ],
  },
]);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster visibleToasts={TIMING.maxToasts} duration={TIMING.toastMs} position="top-right" closeButton />
    </QueryClientProvider>
  </StrictMode>,
);
