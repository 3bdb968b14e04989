/** The one place the API reaches the message catalogs (they load as a side effect of the import). */
import "#core/i18n/catalogs.ts";
export { translate, type MessageKey, type Params } from "#core/i18n/messages.ts";
