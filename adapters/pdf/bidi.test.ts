import { describe, expect, it } from "vitest";
import { holdCodesLeftToRight, strictlyLeftToRight, withoutBidiControls } from "./bidi.ts";

const held = (code: string) => `\u202D${code}\u202C`;

describe("holdCodesLeftToRight", () => {
  it("holds a flight number, a passport number and a masked card inside Persian words", () => {
    expect(holdCodesLeftToRight("پرواز IR 451 به مشهد")).toBe(`پرواز ${held("IR 451")} به مشهد`);
    expect(holdCodesLeftToRight("گذرنامه C01X00T47 (آلمان)")).toBe(`گذرنامه ${held("C01X00T47")} (آلمان)`);
    expect(holdCodesLeftToRight("کارت ۶۰۳۷-****-****-۱۲۳۴")).toBe(`کارت ${held("۶۰۳۷-****-****-۱۲۳۴")}`);
    expect(holdCodesLeftToRight("الدعم ٠٢١-٩١٠٠٤٥٦٧.")).toBe(`الدعم ${held("٠٢١-٩١٠٠٤٥٦٧")}.`);
  });

  it("leaves single words and numbers, and separate numbers, to the bidi algorithm", () => {
    for (const text of ["کد ملی ۰۰۱۲۳۴۵۶۷۸", "تهران (THR)", "۲۰ کیلوگرم", "۲ بزرگسال ۱ کودک", "PNR"]) {
      expect(holdCodesLeftToRight(text)).toBe(text);
    }
    // A time range keeps its right-to-left order: each time is held, not the whole range.
    expect(holdCodesLeftToRight("۰۸:۳۰ - ۱۰:۰۵")).toBe(`${held("۰۸:۳۰")} - ${held("۱۰:۰۵")}`);
  });

  it("adds nothing a reader would copy", () => {
    const text = "درگاه زرین‌پال، کارت ۶۰۳۷-****-****-۱۲۳۴، پرواز IR 451";
    expect(withoutBidiControls(holdCodesLeftToRight(text))).toBe(text);
  });
});

describe("strictlyLeftToRight", () => {
  it("overrides a code with Arabic-script digits, and leaves Latin codes and Arabic words alone", () => {
    expect(strictlyLeftToRight("٠٢١-٩١٠٠٤٥٦٧")).toBe(held("٠٢١-٩١٠٠٤٥٦٧"));
    expect(strictlyLeftToRight("۰۲۱-۹۱۰۰۴۵۶۷")).toBe(held("۰۲۱-۹۱۰۰۴۵۶۷"));
    expect(strictlyLeftToRight("IR-4512345678")).toBe("IR-4512345678");
    expect(strictlyLeftToRight("همسفر ۲")).toBe("همسفر ۲");
  });
});
