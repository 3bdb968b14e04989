import { audited, type Actor, type AuditLog } from "#core/back-office/audit.ts";
import type { Locale } from "#core/i18n/locales.ts";
import type { Clock } from "#core/ports.ts";
import { CONTENT_SLUGS, type ContentBlock, type ContentQuestion, type ContentSlug } from "./content-page.ts";
import type { ContentRepository, StoredContentPage } from "./ports.ts";

/**
 * An agency's own text of a content page (issue 25 §1 "pages"): the back-office's screen and the
 * admin API write the tenant's row of `content_pages`, and "revert" deletes it so the product's
 * default shows again. Blocks stay structured (ADR: no HTML from operators), so the editor is a
 * list of blocks, each a kind and its text (list and steps: one item a line), and question/answer
 * pairs. Each field is checked here, once, with a code.
 */

export const CONTENT_LIMITS = {
  title: 120,
  description: 300,
  h1: 120,
  h2: 200,
  block: 4000,
  blocks: 40,
  questions: 40,
  answer: 4000,
} as const;
export const BLOCK_KINDS = ["paragraph", "heading", "list", "steps"] as const satisfies readonly ContentBlock["kind"][];

export type ContentFieldError = "REQUIRED" | "TOO_LONG" | "TOO_MANY" | "KIND_INVALID";

/** The page as a form or an API body sends it: each block its kind and text (items one a line). */
export interface ContentPageInput {
  title: string;
  description: string;
  h1: string;
  h2: string;
  blocks: { kind: string; text: string }[];
  questions: { question: string; answer: string }[];
}

export interface EditableContent {
  title: string;
  description: string;
  h1: string;
  h2: string | null;
  blocks: ContentBlock[];
  questions: ContentQuestion[];
}

export type ContentReading = { ok: true; content: EditableContent } | { ok: false; errors: Record<string, ContentFieldError> };

export const isContentSlug = (text: string): text is ContentSlug => (CONTENT_SLUGS as readonly string[]).includes(text);

const length = (text: string) => [...text].length;

/** Checks the input; empty blocks and questions are dropped (the form's spare rows). */
export function readContentPage(input: ContentPageInput): ContentReading {
  const errors: Record<string, ContentFieldError> = {};
  const field = (name: "title" | "description" | "h1" | "h2", required: boolean) => {
    const value = input[name].trim();
    if (required && value === "") errors[name] = "REQUIRED";
    else if (length(value) > CONTENT_LIMITS[name]) errors[name] = "TOO_LONG";
    return value;
  };
  const title = field("title", true);
  const description = field("description", true);
  const h1 = field("h1", true);
  const h2 = field("h2", false);

  const blocks: ContentBlock[] = [];
  const filled = input.blocks.filter((block) => block.text.trim() !== "");
  if (filled.length > CONTENT_LIMITS.blocks) errors.blocks = "TOO_MANY";
  for (const [index, block] of input.blocks.entries()) {
    const text = block.text.trim();
    if (text === "") continue;
    if (!(BLOCK_KINDS as readonly string[]).includes(block.kind)) errors[`blocks.${index}.kind`] = "KIND_INVALID";
    else if (length(text) > CONTENT_LIMITS.block) errors[`blocks.${index}.text`] = "TOO_LONG";
    else if (block.kind === "list" || block.kind === "steps") {
      const items = text
        .split(/\r?\n/)
        .map((item) => item.trim())
        .filter(Boolean);
      blocks.push({ kind: block.kind, items });
    } else blocks.push({ kind: block.kind as "paragraph" | "heading", text: text.replace(/\r\n/g, "\n") });
  }

  const questions: ContentQuestion[] = [];
  const asked = input.questions.filter((pair) => pair.question.trim() !== "" || pair.answer.trim() !== "");
  if (asked.length > CONTENT_LIMITS.questions) errors.questions = "TOO_MANY";
  for (const [index, pair] of input.questions.entries()) {
    const question = pair.question.trim();
    const answer = pair.answer.trim();
    if (question === "" && answer === "") continue;
    if (question === "") errors[`questions.${index}.question`] = "REQUIRED";
    else if (length(question) > CONTENT_LIMITS.h2) errors[`questions.${index}.question`] = "TOO_LONG";
    if (answer === "") errors[`questions.${index}.answer`] = "REQUIRED";
    else if (length(answer) > CONTENT_LIMITS.answer) errors[`questions.${index}.answer`] = "TOO_LONG";
    if (question && answer) questions.push({ question, answer: answer.replace(/\r\n/g, "\n") });
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, content: { title, description, h1, h2: h2 === "" ? null : h2, blocks, questions } };
}

/** A stored page as the editor's input (the inverse of readContentPage). */
export function contentInputOf(page: EditableContent): ContentPageInput {
  return {
    title: page.title,
    description: page.description,
    h1: page.h1,
    h2: page.h2 ?? "",
    blocks: page.blocks.map((block) =>
      block.kind === "list" || block.kind === "steps"
        ? { kind: block.kind, text: block.items.join("\n") }
        : { kind: block.kind, text: block.text },
    ),
    questions: page.questions.map((pair) => ({ ...pair })),
  };
}

/** Reading (as the public page does) and writing a tenant's own rows. */
export interface ContentEditorStore extends ContentRepository {
  /** The tenant's own pages: which slug and language, and when last saved. */
  overrides(tenantId: string): Promise<{ slug: ContentSlug; locale: Locale; updatedAt: Date }[]>;
  save(input: { tenantId: string; slug: ContentSlug; locale: Locale; content: EditableContent; now: Date }): Promise<StoredContentPage>;
  /** True when the tenant had its own row. */
  remove(input: { tenantId: string; slug: ContentSlug; locale: Locale }): Promise<boolean>;
}

type Deps = { editor: ContentEditorStore; audit: AuditLog; clock: Clock };

const recordOf = (page: StoredContentPage | null) =>
  page
    ? { title: page.title, description: page.description, h1: page.h1, h2: page.h2, blocks: page.blocks, questions: page.questions }
    : null;

/** Saves the tenant's own text of a page (audited as `content.save`); the public page shows it at once. */
export async function saveContentPage(
  deps: Deps,
  actor: Actor,
  input: { tenantId: string; slug: ContentSlug; locale: Locale; page: ContentPageInput },
): Promise<{ ok: true; page: StoredContentPage } | { ok: false; errors: Record<string, ContentFieldError> }> {
  const read = readContentPage(input.page);
  if (!read.ok) return read;
  const saved = await audited(
    deps,
    { tenantId: input.tenantId, actor, action: "content.save", subject: { type: "contentPage", id: `${input.slug}/${input.locale}` } },
    async () => {
      const { own } = await deps.editor.find({ tenantId: input.tenantId, slug: input.slug, locale: input.locale });
      const page = await deps.editor.save({ ...input, content: read.content, now: deps.clock.now() });
      return { result: page, before: recordOf(own), after: recordOf(page) };
    },
  );
  return { ok: true, page: saved! };
}

/** Deletes the tenant's own text (audited as `content.revert`): the default shows again. False when there was none. */
export async function revertContentPage(
  deps: Deps,
  actor: Actor,
  input: { tenantId: string; slug: ContentSlug; locale: Locale },
): Promise<boolean> {
  const reverted = await audited(
    deps,
    { tenantId: input.tenantId, actor, action: "content.revert", subject: { type: "contentPage", id: `${input.slug}/${input.locale}` } },
    async () => {
      const { own } = await deps.editor.find(input);
      if (!own || !(await deps.editor.remove(input))) return null;
      return { result: true, before: recordOf(own), after: null };
    },
  );
  return reverted === true;
}
