import { Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { CATALOGS } from "#core/i18n/catalogs.ts";
import type { Locale } from "#core/i18n/locales.ts";
import { translate, type MessageKey, type SomeMessages } from "#core/i18n/messages.ts";
import { i18nFor } from "./use-i18n.ts";
import { PageMessageRecord, messageIsland, pageStreamWithMessages, recordingPageMessages } from "./page-messages.server.ts";

type Islands = Partial<Record<Locale, SomeMessages>>;

const ISLAND = /<script type="application\/json" data-page-messages nonce="n0nce">([\s\S]*?)<\/script>/g;

function islandsOf(html: string): { messages: Islands; at: number }[] {
  return [...html.matchAll(ISLAND)].map((match) => ({ messages: JSON.parse(match[1]!) as Islands, at: match.index }));
}

function Late({ ready }: { ready: Promise<void> }) {
  use(ready);
  return (
    <>
      <p id="late">{translate("en", "search.submit")}</p>
      <link rel="modulepreload" href="/assets/late.js" />
    </>
  );
}

function Page({ ready }: { ready: Promise<void> }) {
  const { t, later } = i18nFor("fa");
  later("search.swap");
  return (
    <html lang="fa">
      <body>
        <h1>{t("home.heading")}</h1>
        <p>{t("search.pax.adultsCount", { count: 2 })}</p>
        <Suspense fallback={<p>…</p>}>
          <Late ready={ready} />
        </Suspense>
        <link rel="modulepreload" href="/assets/entry.client.js" />
      </body>
    </html>
  );
}

/** Renders Page as entry.server does; the late part resolves only once the shell has been sent. */
async function render(): Promise<string> {
  let release = () => {};
  const ready = new Promise<void>((resolve) => (release = resolve));
  const record = new PageMessageRecord();
  const stream = pageStreamWithMessages(record, "n0nce", {});
  recordingPageMessages(record, () => {
    const { pipe } = renderToPipeableStream(<Page ready={ready} />, {
      onShellReady() {
        pipe(stream);
        release();
      },
    });
  });
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

describe("messages sent with the page", () => {
  test("every message a page renders, or declares for after hydration, is in its islands with the catalog's text", async () => {
    const html = await render();
    const sent = islandsOf(html).reduce<Islands>((all, { messages }) => {
      for (const [locale, entries] of Object.entries(messages) as [Locale, SomeMessages][]) all[locale] = { ...all[locale], ...entries };
      return all;
    }, {});
    const expected: [Locale, MessageKey][] = [
      ["fa", "home.heading"],
      ["fa", "search.pax.adultsCount"],
      ["fa", "search.swap"],
      ["en", "search.submit"],
    ];
    for (const [locale, key] of expected) expect(sent[locale]?.[key], `${locale} ${key}`).toEqual(CATALOGS[locale][key]);
    // Only those: a page is not sent its language.
    expect(Object.keys(sent.fa ?? {}).sort()).toEqual(["home.heading", "search.pax.adultsCount", "search.swap"]);
    expect(Object.keys(sent.en ?? {})).toEqual(["search.submit"]);
  });

  test("a streamed part's messages arrive before its markup, and the last island stays inside <body>", async () => {
    const html = await render();
    const islands = islandsOf(html);
    expect(islands.length).toBe(2);
    const [shell, late] = islands as [(typeof islands)[0], (typeof islands)[0]];
    expect(Object.keys(shell.messages)).toEqual(["fa"]);
    expect(late.messages.en?.["search.submit"]).toBe(CATALOGS.en["search.submit"]);
    // After the shell (whose markup it serves), before the streamed part.
    expect(shell.at).toBeGreaterThan(html.indexOf("<template"));
    expect(late.at).toBeGreaterThan(shell.at);
    expect(late.at).toBeLessThan(html.indexOf('<p id="late">'));
    expect(html.endsWith("</body></html>")).toBe(true);
  });

  test("the shell's module preloads are fetched at low priority, after what the first paint needs", async () => {
    const html = await render();
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client.js"/>');
    expect(html.match(/rel="modulepreload"/g)).toHaveLength(2);
    // Only the shell is rewritten: later passes hold streamed content, not the router's scripts.
    expect(html).toContain('<link rel="modulepreload" href="/assets/late.js"/>');
  });

  test("a page rendered in one pass carries one island, inside <body>", async () => {
    const record = new PageMessageRecord();
    const stream = pageStreamWithMessages(record, "n0nce", {});
    recordingPageMessages(record, () => {
      const { pipe } = renderToPipeableStream(<Page ready={Promise.resolve()} />, { onAllReady: () => pipe(stream) });
    });
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const html = Buffer.concat(chunks).toString("utf8");
    expect(islandsOf(html)).toHaveLength(1);
    expect(html).toMatch(/<\/script><\/body><\/html>$/);
  });

  test("messages looked up outside a page's render are not recorded", async () => {
    const record = new PageMessageRecord();
    translate("fa", "home.title");
    recordingPageMessages(record, () => translate("fa", "home.heading"));
    translate("fa", "home.description");
    expect(record.takeNew()).toEqual({ fa: { "home.heading": CATALOGS.fa["home.heading"] } });
    expect(record.takeNew()).toBeNull();
  });

  test("an island cannot be closed by a message's text", () => {
    const island = messageIsland({ en: { "home.heading": "</script><script>alert(1)</script>" } }, undefined);
    expect(island.match(/<\/script>/g)).toHaveLength(1);
    const json = /<script[^>]*>(.*)<\/script>$/.exec(island)![1]!;
    expect(JSON.parse(json)).toEqual({ en: { "home.heading": "</script><script>alert(1)</script>" } });
  });
});
