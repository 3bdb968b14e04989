import { data } from "react-router";
import type { AppLoadContext } from "react-router";
import type { ServiceId } from "#core/services/service-ids.ts";
import { isServiceEnabled } from "#core/tenants/site-config.ts";

/** Every page of a service the tenant has switched off answers 404 (spec §2). */
export function requireService(context: AppLoadContext, service: ServiceId): void {
  if (!isServiceEnabled(context.tenant, service)) throw data(null, { status: 404 });
}
