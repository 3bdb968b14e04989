/**
 * `npm run admin -- blog list|publish|unpublish`: a tenant's posts, on the same use cases as the
 * back-office's screen and API, recorded in the same audit log (as "cli").
 */
import { randomUUID } from "node:crypto";
import type { BlogPost } from "#core/blog/post.ts";
import { createAuditLog } from "#adapters/db/audit-log.ts";
import { CLI_ACTOR, type Actor } from "#core/back-office/audit.ts";
import { publishPostAudited, unpublishPostAudited, type BlogAdminDeps, type BlogAdminResult } from "#core/blog/admin-posts.ts";
import { isLocale } from "#core/i18n/locales.ts";
import { blogAdapters, SYSTEM_CLOCK } from "../../database-adapters.ts";
import {
  fail,
  parseSubcommand,
  printable,
  readTenant,
  refuse,
  withTenantId,
  type AdminCommand,
  type AdminContext,
  type SubcommandShape,
} from "./shared.ts";

const LIST_USAGE = [
  "Usage: npm run admin -- blog list --tenant <slug> [--lang fa|en|ar]",
  "",
  "Lists the tenant's posts, newest change first: id, language, status, publication time (UTC), slug and title.",
  "",
].join("\n");

const PUBLISH_USAGE = [
  "Usage: npm run admin -- blog publish --tenant <slug> --id <post id>",
  "",
  "Publishes the post now (a post published before keeps its first date). Cached pages drop within seconds.",
  "",
].join("\n");

const UNPUBLISH_USAGE = [
  "Usage: npm run admin -- blog unpublish --tenant <slug> --id <post id>",
  "",
  "Takes the post off the site; it stays as a draft.",
  "",
].join("\n");

const USAGE = [
  "Usage: npm run admin -- blog <list|publish|unpublish> [options]",
  "",
  "  list       the tenant's posts and their status",
  "  publish    publish a post now",
  "  unpublish  take a post off the site (back to a draft)",
  "",
  "Run `npm run admin -- blog <subcommand> --help` for its options.",
  "",
].join("\n");

interface BlogSubcommand extends SubcommandShape {
  run(values: Record<string, string | boolean | undefined>, context: AdminContext): Promise<number>;
}

function time(date: Date | null): string {
  return date ? `${date.toISOString().slice(0, 16).replace("T", " ")}Z` : "-";
}

/** One line per post; text from the database made terminal-safe. */
export function formatPostList(posts: readonly BlogPost[]): string {
  if (posts.length === 0) return "No posts.\n";
  return `${posts
    .map((post) =>
      [post.id, post.locale, post.status.padEnd(9), time(post.publishedAt).padEnd(17), printable(post.slug), printable(post.title)].join(
        "  ",
      ),
    )
    .join("\n")}\n`;
}

function statusChange(
  run: (deps: BlogAdminDeps, actor: Actor, input: { tenantId: string; id: string }) => Promise<BlogAdminResult>,
  usage: string,
  done: string,
): BlogSubcommand {
  return {
    usage,
    options: { tenant: { type: "string" }, id: { type: "string" } },
    async run(values, context) {
      const tenant = readTenant(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, usage);
      const id = (values.id as string | undefined)?.trim() ?? "";
      if (!/^[0-9a-f-]{36}$/i.test(id)) return refuse(context, "--id is required: a post's id as `blog list` shows it", usage);
      return withTenantId(context, tenant.value, "change the post", async (database, tenantId) => {
        const blog = blogAdapters(database.db);
        const result = await run(
          { posts: blog.posts, clock: SYSTEM_CLOCK, newId: randomUUID, changed: blog.changed, audit: createAuditLog(database.db) },
          CLI_ACTOR,
          { tenantId, id },
        );
        if (!result.ok)
          return fail(
            context,
            result.error === "NOT_FOUND" ? `No post ${printable(id)} of ${printable(tenant.value)}.` : "The post could not be changed.",
          );
        context.io.out(`${done}: ${printable(result.post.slug)} (${result.post.locale}), ${time(result.post.publishedAt)}\n`);
        return 0;
      });
    },
  };
}

const SUBCOMMANDS: Record<string, BlogSubcommand> = {
  list: {
    usage: LIST_USAGE,
    options: { tenant: { type: "string" }, lang: { type: "string" } },
    async run(values, context) {
      const tenant = readTenant(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, LIST_USAGE);
      const lang = values.lang as string | undefined;
      if (lang !== undefined && !isLocale(lang)) return refuse(context, "--lang must be fa, en or ar", LIST_USAGE);
      return withTenantId(context, tenant.value, "list the posts", async (database, tenantId) => {
        const posts = await blogAdapters(database.db).posts.listAll(tenantId, lang);
        context.io.out(formatPostList(posts));
        return 0;
      });
    },
  },
  publish: statusChange(publishPostAudited, PUBLISH_USAGE, "Published"),
  unpublish: statusChange(unpublishPostAudited, UNPUBLISH_USAGE, "Unpublished"),
};

export const blogCommand: AdminCommand = {
  name: "blog",
  summary: "a tenant's blog posts: list, publish, unpublish",
  usage: USAGE,
  async run(args, context) {
    const parsed = parseSubcommand(args, context, { name: "blog", usage: USAGE, subcommands: SUBCOMMANDS });
    if (typeof parsed === "number") return parsed;
    return parsed.subcommand.run(parsed.values, context);
  },
};
