import { ContentPage } from "#app/components/content-page.tsx";
import { rootDataOf, translatedMeta } from "#app/route-meta.ts";
import type { Route } from "./+types/rules";

export const meta: Route.MetaFunction = ({ matches }) => translatedMeta(matches, "page.rules.title", "page.rules.intro");

export default function Rules({ matches }: Route.ComponentProps) {
  return <ContentPage title="page.rules.title" intro="page.rules.intro" name={rootDataOf(matches)?.site.name ?? ""} />;
}
