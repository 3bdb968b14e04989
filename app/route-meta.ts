import type { MetaDescriptor } from "react-router";
import type { ServiceId } from "#core/services/service-ids.ts";
import { translate, type MessageKey, type Params } from "#core/i18n/messages.ts";
import { pageMeta } from "./page-meta.ts";
import type { RootData } from "./root-data.ts";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

export function rootDataOf(matches: readonly MatchLike[]): RootData | undefined {
  return matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
}

export function translatedMeta(
  matches: readonly MatchLike[],
  title: MessageKey,
  description?: MessageKey,
  params?: Params,
): MetaDescriptor[] {
  const root = rootDataOf(matches);
  const locale = root?.locale ?? "fa";
  const values = { name: root?.site.name ?? "", ...params };
  return pageMeta(root, translate(locale, title, values), description ? translate(locale, description, values) : undefined);
}

export function serviceMeta(matches: readonly MatchLike[], service: ServiceId): MetaDescriptor[] {
  return translatedMeta(matches, `service.${service}.title`, `service.${service}.description`);
}
