// Moved to the API's front door; kept while the routes that import it are moved there too.
export { requestLocale } from "./api/locale.ts";
