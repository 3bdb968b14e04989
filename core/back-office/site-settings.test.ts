import { describe, expect, it } from "vitest";
import { readSiteSettings } from "./site-settings.ts";

const VALID = {
  "name.fa": "همسفر",
  theme: "theme-2",
  "colors.button": "#0077db",
  "colors.link": "#0077DB",
  "colors.background": "#FFFFFF",
  "colors.header": "#FFFFFF",
  "colors.footer": "#000000",
  servicesActive: ["flight", "blog"],
};

describe("reading the white-label settings form", () => {
  it("accepts a valid form, in the product's order, colours in capitals, Persian digits in phones", () => {
    const reading = readSiteSettings({
      ...VALID,
      phones: "۰۲۱-۸۸۸۸۰۰۰۰\n\n+98 21 8888 0001",
      servicesActive: ["blog", "flight"],
      optionActive: "wallet",
    });
    expect(reading).toMatchObject({
      ok: true,
      settings: {
        name: { fa: "همسفر" },
        slogan: null,
        colors: { button: "#0077DB" },
        phones: ["021-88880000", "+98 21 8888 0001"],
        servicesActive: ["flight", "blog"],
        optionActive: ["wallet"],
        banner: null,
      },
    });
  });

  it("names each refused field with its reason", () => {
    const reading = readSiteSettings({
      ...VALID,
      "name.fa": "",
      "name.en": "Hamsafar",
      "slogan.en": "x".repeat(161),
      theme: "theme-9",
      "colors.header": "white",
      "colors.footer": "",
      phones: "call us",
      supportPhone: "12",
      emails: "a@b",
      "social.telegram": "javascript:alert(1)",
      servicesActive: ["blog"],
      optionActive: "teleport",
      banner: "//evil.example/x.png",
    });
    expect(reading).toEqual({
      ok: false,
      errors: {
        "name.fa": "REQUIRED",
        "slogan.en": "TOO_LONG",
        theme: "THEME_INVALID",
        "colors.header": "COLOR_INVALID",
        "colors.footer": "REQUIRED",
        phones: "PHONE_INVALID",
        supportPhone: "PHONE_INVALID",
        emails: "EMAIL_INVALID",
        "social.telegram": "URL_INVALID",
        servicesActive: "NO_SERVICE",
        optionActive: "OPTION_INVALID",
        banner: "URL_INVALID",
      },
    });
  });
});
