import { ContentPage } from "#app/components/content-page.tsx";
import { rootDataOf, translatedMeta } from "#app/route-meta.ts";
import type { Route } from "./+types/faq-tips";

export const meta: Route.MetaFunction = ({ matches }) => translatedMeta(matches, "page.tips.title", "page.tips.intro");

export default function FaqTips({ matches }: Route.ComponentProps) {
  return <ContentPage title="page.tips.title" intro="page.tips.intro" name={rootDataOf(matches)?.site.name ?? ""} />;
}
