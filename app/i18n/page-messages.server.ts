import { AsyncLocalStorage } from "node:async_hooks";
import { PassThrough, type TransformOptions } from "node:stream";
import type { Locale } from "#core/i18n/locales.ts";
import { withHydrationScriptsAfterContent } from "../hydration-scripts.server.ts";
import { messageEntry, observeMessages, type MessageKey, type SomeMessages } from "#core/i18n/messages.ts";

/** Marks the JSON islands that carry a page's messages; the browser reads them before hydrating. */
export const PAGE_MESSAGES_ATTRIBUTE = "data-page-messages";

/**
 * The messages one page rendered, collected while React renders it, handed out in batches: each
 * batch goes into the HTML just before the markup that used it would hydrate.
 */
export class PageMessageRecord {
  private readonly seen = new Set<string>();
  private pending: [Locale, MessageKey][] = [];

  use(locale: Locale, key: MessageKey): void {
    const id = `${locale}\u0000${key}`;
    if (this.seen.has(id)) return;
    this.seen.add(id);
    this.pending.push([locale, key]);
  }

  /** The messages used since the last call, by language; null when there are none. */
  takeNew(): Partial<Record<Locale, SomeMessages>> | null {
    if (this.pending.length === 0) return null;
    const batch: Partial<Record<Locale, SomeMessages>> = {};
    for (const [locale, key] of this.pending) {
      const entry = messageEntry(locale, key);
      if (entry !== undefined) (batch[locale] ??= {})[key] = entry;
    }
    this.pending = [];
    return batch;
  }
}

const CURRENT = new AsyncLocalStorage<PageMessageRecord>();

// Every lookup made while a page renders (components, meta functions) is that page's.
observeMessages({ used: (locale, key) => CURRENT.getStore()?.use(locale, key) });

/** Runs `render` (and all the work it schedules) with lookups recorded into `record`. */
export function recordingPageMessages<T>(record: PageMessageRecord, render: () => T): T {
  return CURRENT.run(record, render);
}

/** A data block: not executed, so `<` is escaped only to keep the JSON from closing the element. */
export function messageIsland(messages: Partial<Record<Locale, SomeMessages>>, nonce: string | undefined): string {
  const json = JSON.stringify(messages).replace(/</g, "\\u003c");
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : "";
  return `<script type="application/json" ${PAGE_MESSAGES_ATTRIBUTE}${nonceAttribute}>${json}</script>`;
}

const DOCUMENT_END = Buffer.from("</body></html>");

/**
 * The stream React renders a page into. React writes a pass of output and then calls `flush()`;
 * between passes the HTML is at a point where an element may stand (after the shell, or between
 * streamed boundaries), so the messages each pass rendered go in there: the shell's after it
 * (inside `</body>` when the shell is the whole document), a streamed part's before its markup,
 * so they are in the DOM when React hydrates that part.
 */
export function pageStreamWithMessages(record: PageMessageRecord, nonce: string | undefined, options: TransformOptions): PassThrough {
  const stream = new PassThrough(options);
  const writeThrough = stream.write.bind(stream);
  let pass: Uint8Array[] = [];
  let firstPass = true;
  stream.write = ((chunk: Uint8Array | string) => {
    // React writes its encoded views, and long texts as strings.
    pass.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
    return !stream.writableNeedDrain;
  }) as typeof stream.write;
  const flush = () => {
    const rendered = Buffer.concat(pass);
    pass = [];
    const output = firstPass ? withHydrationScriptsAfterContent(rendered) : rendered;
    const messages = record.takeNew();
    const island = messages ? Buffer.from(messageIsland(messages, nonce)) : null;
    const closesDocument = output.subarray(output.length - DOCUMENT_END.length).equals(DOCUMENT_END);
    let parts: Uint8Array[];
    if (!island) parts = [output];
    else if (!firstPass) parts = [island, output];
    else if (closesDocument) parts = [output.subarray(0, output.length - DOCUMENT_END.length), island, DOCUMENT_END];
    else parts = [output, island];
    if (output.length > 0) firstPass = false;
    const bytes = Buffer.concat(parts);
    if (bytes.length > 0) writeThrough(bytes);
  };
  // React calls `flush()` after every pass when the destination has one (as compression streams do).
  return Object.assign(stream, { flush });
}
