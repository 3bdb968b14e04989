import type { ThemeId } from "#core/tenants/site-config.ts";
import { theme1 } from "./theme-1/theme.tsx";
import { theme2 } from "./theme-2/theme.tsx";
import { theme3 } from "./theme-3/theme.tsx";
import type { Theme } from "./theme-types.ts";

export const THEME_COMPONENTS: Record<ThemeId, Theme> = { "theme-1": theme1, "theme-2": theme2, "theme-3": theme3 };
