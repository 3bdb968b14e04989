import { ContentPage } from "#app/components/content-page.tsx";
import { rootDataOf, translatedMeta } from "#app/route-meta.ts";
import type { Route } from "./+types/faq";

export const meta: Route.MetaFunction = ({ matches }) => translatedMeta(matches, "page.faq.title", "page.faq.intro");

export default function Faq({ matches }: Route.ComponentProps) {
  return <ContentPage title="page.faq.title" intro="page.faq.intro" name={rootDataOf(matches)?.site.name ?? ""} />;
}
