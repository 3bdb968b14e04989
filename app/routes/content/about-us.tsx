import { ContentPage } from "#app/components/content-page.tsx";
import { rootDataOf, translatedMeta } from "#app/route-meta.ts";
import type { Route } from "./+types/about-us";

export const meta: Route.MetaFunction = ({ matches }) => translatedMeta(matches, "page.aboutus.title", "page.aboutus.intro");

export default function AboutUs({ matches }: Route.ComponentProps) {
  return <ContentPage title="page.aboutus.title" intro="page.aboutus.intro" name={rootDataOf(matches)?.site.name ?? ""} />;
}
