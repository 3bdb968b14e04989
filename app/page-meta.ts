import type { MetaDescriptor } from "react-router";
import type { RootData } from "./root-data.ts";

/** Title and description for a page, with the site's name in the title. */
export function pageMeta(root: RootData | undefined, title: string, description?: string): MetaDescriptor[] {
  const site = root?.site.name;
  const full = site && !title.includes(site) ? `${title} | ${site}` : title;
  const tags: MetaDescriptor[] = [{ title: full }, { property: "og:title", content: full }];
  if (description) tags.push({ name: "description", content: description }, { property: "og:description", content: description });
  return tags;
}
