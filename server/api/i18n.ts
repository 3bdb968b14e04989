/** The one place the API reaches the message catalogs (they load as a side effect of the import). */
import "#app/i18n/catalogs.ts";
export { translate, type MessageKey, type Params } from "#app/i18n/messages.ts";
