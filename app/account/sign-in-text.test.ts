import { describe, expect, it } from "vitest";
import "#core/i18n/catalogs.ts";
import { aroundPlaceholder, maskMobile, shownName, waitText } from "./sign-in-text.ts";

describe("maskMobile", () => {
  it("shows the first four and last four digits only", () => {
    expect(maskMobile("09121234567")).toBe("0912***4567");
  });
});

describe("shownName", () => {
  it("writes a masked number in the page's digits, kept in order between Arabic-Indic digits", () => {
    expect(shownName("en", "0912***4567")).toBe("0912***4567");
    expect(shownName("fa", "0912***4567")).toBe("۰۹۱۲***۴۵۶۷");
    expect(shownName("ar", "0912***4567")).toBe("٠٩١٢\u200E***\u200E٤٥٦٧");
  });

  it("writes an older cookie's bullets as asterisks beside Persian and Arabic digits", () => {
    expect(shownName("fa", "0912•••4567")).toBe("۰۹۱۲***۴۵۶۷");
    expect(shownName("ar", "0912•••4567")).toBe("٠٩١٢\u200E***\u200E٤٥٦٧");
  });

  it("leaves a name's letters alone", () => {
    expect(shownName("fa", "سارا کریمی")).toBe("سارا کریمی");
    expect(shownName("fa", "Ali • 2")).toBe("Ali • ۲");
  });
});

describe("waitText", () => {
  it("says seconds under a minute, in the page's digits", () => {
    expect(waitText("en", 45)).toBe("45 seconds");
    expect(waitText("en", 1)).toBe("1 second");
    expect(waitText("fa", 45)).toBe("۴۵ ثانیه");
  });

  it("says minutes and seconds under an hour", () => {
    expect(waitText("en", 60)).toBe("1 minute");
    expect(waitText("en", 80)).toBe("1 minute and 20 seconds");
    expect(waitText("fa", 125)).toBe("۲ دقیقه و ۵ ثانیه");
    expect(waitText("ar", 120)).toBe("دقيقتان");
  });

  it("says hours and minutes above, never shorter than the wait", () => {
    expect(waitText("en", 3600)).toBe("1 hour");
    expect(waitText("en", 3601)).toBe("1 hour and 1 minute");
    expect(waitText("en", 2 * 3600 + 59 * 60 + 1)).toBe("3 hours");
  });

  it("rounds fractions up and never says zero", () => {
    expect(waitText("en", 0)).toBe("1 second");
    expect(waitText("en", 59.2)).toBe("1 minute");
  });
});

describe("aroundPlaceholder", () => {
  it("splits a sentence where its placeholder stands", () => {
    expect(aroundPlaceholder((marker) => `We sent a code to ${marker}.`)).toEqual(["We sent a code to ", "."]);
    expect(aroundPlaceholder((marker) => `${marker} at the start`)).toEqual(["", " at the start"]);
  });
});
