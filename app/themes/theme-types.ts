import type { ComponentType } from "react";
import type { SiteView } from "#app/root-data.ts";

export interface ChromeProps {
  site: SiteView;
  /** Invoice and payment pages: logo and support only, nothing to wander off to. */
  compact?: boolean;
}

export interface Theme {
  Header: ComponentType<ChromeProps>;
  Footer: ComponentType<ChromeProps>;
}
