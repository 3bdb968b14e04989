/**
 * The search forms of issue 4 in the browser (section 4): each service's messages in Persian and
 * English on the fields they concern, checked in the browser and again by the server without
 * JavaScript; a whole search without JavaScript, to the results route and back to a form that
 * remembers it; the place combobox by keyboard; the home tabs; the calendar loaded on demand.
 *
 * Messages come from the catalogs; travel dates are counted from today in Tehran, the day the
 * server counts from too.
 */
import type { Locator, Page, Response } from "playwright-core";
import { describe, expect, test } from "vitest";
import { localizeDigits } from "#core/i18n/messages.ts";
import { addDays, dateText, readableDate, tehranToday } from "#core/search/dates.ts";
import { settle, useBrowser, waitForHydration, type OpenPageOptions } from "./support/browser.ts";
import { fetchPath } from "./support/http.ts";
import { TENANTS, localized, msg, plural, type MessageKey } from "./support/messages.ts";

const browser = useBrowser();

type Lang = "fa" | "en";
const LANGS: readonly Lang[] = ["fa", "en"];

type Service = "flight" | "internationalflight" | "train" | "bus" | "hotel" | "outHotel" | "tour" | "insurance";
type PlaceName = "from" | "to" | "city" | "country";
type FieldName = PlaceName | "date" | "returnDate" | "checkIn" | "checkOut" | "days" | "birth1" | "adults" | "children" | "infants";
type Expected = Partial<Record<FieldName, MessageKey>>;

/** Places of the demo data, as a traveller starts typing them and as the storefront names them. */
const MASHHAD = { fa: { query: "مشه", name: "مشهد" }, en: { query: "mash", name: "Mashhad" }, id: "city:mashhad" };
const TEHRAN = { fa: { query: "تهر", name: "تهران" }, en: { query: "teh", name: "Tehran" }, id: "city:tehran" };
const ISTANBUL = { fa: { query: "استان", name: "استانبول" }, en: { query: "ist", name: "Istanbul" }, id: "city:istanbul" };

const EN_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

function today(): string {
  return tehranToday(new Date());
}

/** A date `days` from today as a traveller types it: Persian calendar and digits in fa, Gregorian in en. */
function typedDate(locale: Lang, days: number): string {
  const iso = addDays(today(), days);
  return locale === "fa" ? localizeDigits("fa", dateText(iso, "persian")) : dateText(iso, "gregorian");
}

/** A whole number in the page's digits. */
function digits(locale: Lang, count: number): string {
  return localizeDigits(locale, String(count));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A date field by its label; an optional return date's label goes on with "(optional)". */
function dateBox(form: Locator, label: string): Locator {
  return form.getByRole("textbox", { name: new RegExp(`^${escapeRegExp(label)}`) });
}

const DATE_LABELS = {
  date: "search.departure",
  returnDate: "search.return",
  checkIn: "search.checkIn",
  checkOut: "search.checkOut",
} as const;
const PAX_LABELS = { adults: "search.pax.adults", children: "search.pax.children", infants: "search.pax.infants" } as const;

/** The control of a field, found by its label as a traveller (or a screen reader) finds it. */
function field(form: Locator, locale: Lang, name: FieldName): Locator {
  switch (name) {
    case "from":
    case "to":
    case "city":
    case "country":
      return form.getByRole("combobox", { name: msg(locale, `search.${name}`), exact: true });
    case "days":
      return form.getByRole("combobox", { name: msg(locale, "search.days"), exact: true });
    case "birth1":
      return form.getByRole("textbox", { name: msg(locale, "search.travellers.birth", { number: digits(locale, 1) }), exact: true });
    case "date":
    case "returnDate":
    case "checkIn":
    case "checkOut":
      return dateBox(form, msg(locale, DATE_LABELS[name]));
    case "adults":
    case "children":
    case "infants":
      return form.getByRole("textbox", { name: msg(locale, PAX_LABELS[name]), exact: true });
  }
}

/** The hidden input that carries a chosen place's id. */
function placeId(form: Locator, name: PlaceName): Locator {
  return form.locator(`input[type="hidden"][name="${name}"]`);
}

const FORM_LABEL: Record<Service, MessageKey> = {
  flight: "search.formLabel.flight",
  internationalflight: "search.formLabel.internationalflight",
  train: "search.formLabel.train",
  bus: "search.formLabel.bus",
  hotel: "search.formLabel.hotel",
  outHotel: "search.formLabel.outHotel",
  tour: "search.formLabel.tour",
  insurance: "search.formLabel.insurance",
};

function searchForm(page: Page, locale: Lang, service: Service): Locator {
  return page.getByRole("form", { name: msg(locale, FORM_LABEL[service]), exact: true });
}

function submitButton(form: Locator, locale: Lang): Locator {
  return form.getByRole("button", { name: msg(locale, "search.submit"), exact: true });
}

/** The texts a control's aria-describedby points at, each only if it is shown. */
function descriptions(control: Locator): Promise<string[]> {
  return control.evaluate((element) =>
    (element.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => {
        const target = document.getElementById(id);
        if (!target) return `(no element #${id})`;
        return target.checkVisibility() ? (target.textContent ?? "") : `(hidden: ${target.textContent ?? ""})`;
      }),
  );
}

function fixErrorsText(locale: Lang, count: number): string {
  return plural(locale, "search.fixErrors", new Intl.PluralRules(locale).select(count), { count: digits(locale, count) });
}

/**
 * Exactly the expected fields are marked invalid, each described by its message in the page's
 * language, and the form's alert counts them.
 */
async function expectErrors(form: Locator, locale: Lang, expected: Expected): Promise<void> {
  // A scenario built on EMPTY names the fields it expects to be fine as undefined.
  const entries = (Object.entries(expected) as [FieldName, MessageKey | undefined][]).filter(
    (entry): entry is [FieldName, MessageKey] => entry[1] !== undefined,
  );
  for (const [name, key] of entries) {
    const control = field(form, locale, name);
    await expect.poll(() => control.getAttribute("aria-invalid"), { message: `${name} is marked invalid` }).toBe("true");
    expect(await descriptions(control), `the message on ${name}`).toContain(msg(locale, key));
  }
  const marked = form.locator("input[aria-invalid='true'], select[aria-invalid='true']");
  const markedNames = await marked.evaluateAll((elements) => elements.map((element) => element.getAttribute("name")));
  expect(markedNames, "fields marked invalid").toHaveLength(entries.length);
  expect(await form.getByRole("alert").textContent()).toBe(fixErrorsText(locale, entries.length));
}

async function expectNoError(form: Locator, locale: Lang, name: FieldName): Promise<void> {
  const control = field(form, locale, name);
  await expect.poll(() => control.getAttribute("aria-invalid"), { message: `${name} is not marked invalid` }).toBeNull();
}

/** With JavaScript: refused in the browser, focus on the first field with a message. */
async function submitRefused(form: Locator, locale: Lang, expected: Expected, first: FieldName): Promise<void> {
  await submitButton(form, locale).click();
  await expectErrors(form, locale, expected);
  const control = field(form, locale, first);
  await expect.poll(() => control.evaluate((element) => element === document.activeElement), { message: `focus on ${first}` }).toBe(true);
}

/** Without JavaScript: the form goes to the server, and this is the document it answers with (after any redirect). */
async function submitWithoutScript(page: Page, form: Locator, locale: Lang): Promise<Response> {
  const answered = page.waitForResponse((response) => {
    const request = response.request();
    return request.isNavigationRequest() && request.frame() === page.mainFrame() && (response.status() < 300 || response.status() >= 400);
  });
  await submitButton(form, locale).click();
  const response = await answered;
  await page.waitForLoadState("load");
  return response;
}

/** Requests that carry a search form's submission (its hidden `s`), page or data. */
function watchSubmissions(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).searchParams.has("s")) sent.push(request.url());
  });
  return sent;
}

/** Types into a place field, waits for the suggestions and takes the first with Enter. */
async function choosePlace(form: Locator, locale: Lang, name: PlaceName, query: string, placeName: string): Promise<void> {
  const box = field(form, locale, name);
  await box.fill(query);
  const list = form.getByRole("listbox", { name: msg(locale, `search.${name}`), exact: true });
  // .first(): the name; a city's detail can repeat it (Tehran, in Tehran province).
  await list.getByRole("option").first().getByText(placeName, { exact: true }).first().waitFor();
  await box.press("Enter");
  await expect.poll(() => box.inputValue()).toBe(placeName);
}

/** Types a place's name and dismisses the suggestions with Escape, leaving the text as typed. */
async function typePlace(form: Locator, locale: Lang, name: PlaceName, text: string): Promise<void> {
  const box = field(form, locale, name);
  await box.fill(text);
  await form.getByRole("listbox", { name: msg(locale, `search.${name}`), exact: true }).waitFor();
  await box.press("Escape");
  await expect.poll(() => box.getAttribute("aria-expanded")).toBe("false");
}

async function openPassengers(form: Locator, locale: Lang): Promise<void> {
  await form.getByText(plural(locale, "search.pax.adultsCount", "one", { count: digits(locale, 1) }), { exact: true }).click();
  await field(form, locale, "adults").waitFor();
}

async function openForm(locale: Lang, service: Service, options: OpenPageOptions = {}) {
  const opened = await browser.openPage(localized(locale, `/${service}`), options);
  expect(opened.response.status()).toBe(200);
  if (options.javaScriptEnabled !== false) await waitForHydration(opened.page);
  return { ...opened, form: searchForm(opened.page, locale, service) };
}

/** What an empty form of each service is told. */
const EMPTY: Record<Service, Expected> = {
  flight: { from: "search.error.PLACE_REQUIRED.from", to: "search.error.PLACE_REQUIRED.to", date: "search.error.DATE_REQUIRED" },
  internationalflight: {
    from: "search.error.PLACE_REQUIRED.from",
    to: "search.error.PLACE_REQUIRED.to",
    date: "search.error.DATE_REQUIRED",
  },
  train: { from: "search.error.PLACE_REQUIRED.from", to: "search.error.PLACE_REQUIRED.to", date: "search.error.DATE_REQUIRED" },
  bus: { from: "search.error.PLACE_REQUIRED.from", to: "search.error.PLACE_REQUIRED.to", date: "search.error.DATE_REQUIRED" },
  hotel: { city: "search.error.PLACE_REQUIRED.city", checkIn: "search.error.DATE_REQUIRED", checkOut: "search.error.DATE_REQUIRED" },
  outHotel: { city: "search.error.PLACE_REQUIRED.city", checkIn: "search.error.DATE_REQUIRED", checkOut: "search.error.DATE_REQUIRED" },
  // A tour is always a return trip.
  tour: {
    from: "search.error.PLACE_REQUIRED.from",
    to: "search.error.PLACE_REQUIRED.to",
    date: "search.error.DATE_REQUIRED",
    returnDate: "search.error.RETURN_REQUIRED",
  },
  insurance: {
    country: "search.error.PLACE_REQUIRED.country",
    days: "search.error.DURATION_REQUIRED",
    birth1: "search.error.BIRTH_DATE_REQUIRED",
  },
};

const FIRST_FIELD: Record<Service, PlaceName> = {
  flight: "from",
  internationalflight: "from",
  train: "from",
  bus: "from",
  hotel: "city",
  outHotel: "city",
  tour: "from",
  insurance: "country",
};

interface RuleContext {
  page: Page;
  form: Locator;
  locale: Lang;
  /** Submissions sent so far: the browser refuses every one of these forms, so none go. */
  sent: string[];
}

/** Each service's own rules, broken as little as it takes, after the empty submit. */
const RULES: Record<Service, (context: RuleContext) => Promise<void>> = {
  async flight({ form, locale }) {
    // The same city twice, yesterday, 5 adults + 5 children (one too many) and 6 infants for 5 adults.
    await choosePlace(form, locale, "from", MASHHAD[locale].query, MASHHAD[locale].name);
    await choosePlace(form, locale, "to", MASHHAD[locale].query, MASHHAD[locale].name);
    const yesterday = typedDate(locale, -1);
    await field(form, locale, "date").fill(yesterday);
    await openPassengers(form, locale);
    await field(form, locale, "adults").fill(digits(locale, 5));
    await field(form, locale, "children").fill(digits(locale, 5));
    await field(form, locale, "infants").fill(digits(locale, 6));
    await submitRefused(
      form,
      locale,
      {
        to: "search.error.SAME_PLACE",
        date: "search.error.DATE_PAST",
        children: "search.error.TOO_MANY_PASSENGERS",
        infants: "search.error.INFANTS_EXCEED_ADULTS",
      },
      "to",
    );
    // Nothing typed or chosen is lost.
    expect(await field(form, locale, "from").inputValue()).toBe(MASHHAD[locale].name);
    expect(await placeId(form, "from").inputValue()).toBe(MASHHAD.id);
    expect(await field(form, locale, "to").inputValue()).toBe(MASHHAD[locale].name);
    expect(await placeId(form, "to").inputValue()).toBe(MASHHAD.id);
    expect(await field(form, locale, "date").inputValue()).toBe(yesterday);
    expect(await field(form, locale, "adults").inputValue()).toBe(digits(locale, 5));
    expect(await field(form, locale, "children").inputValue()).toBe(digits(locale, 5));
    expect(await field(form, locale, "infants").inputValue()).toBe(digits(locale, 6));
  },

  async internationalflight({ form, locale }) {
    // A round trip that comes back five days before it leaves.
    await form.getByRole("radio", { name: msg(locale, "search.trip.round"), exact: true }).check();
    const [leave, back] = [typedDate(locale, 10), typedDate(locale, 5)];
    await field(form, locale, "date").fill(leave);
    await field(form, locale, "returnDate").fill(back);
    await submitRefused(
      form,
      locale,
      { ...EMPTY.internationalflight, date: undefined, returnDate: "search.error.RETURN_BEFORE_DEPARTURE" },
      "from",
    );
    await expectNoError(form, locale, "date");
    expect(await field(form, locale, "date").inputValue()).toBe(leave);
    expect(await field(form, locale, "returnDate").inputValue()).toBe(back);
    expect(await form.getByRole("radio", { name: msg(locale, "search.trip.round"), exact: true }).isChecked()).toBe(true);
  },

  async train({ form, locale }) {
    // A round trip without its return date.
    await form.getByRole("radio", { name: msg(locale, "search.trip.round"), exact: true }).check();
    const leave = typedDate(locale, 0);
    await field(form, locale, "date").fill(leave);
    await submitRefused(form, locale, { ...EMPTY.train, date: undefined, returnDate: "search.error.RETURN_REQUIRED" }, "from");
    expect(await field(form, locale, "date").inputValue()).toBe(leave);

    // The + buttons stop at the limits: one infant per adult, nine adults and children.
    await openPassengers(form, locale);
    const more = (kind: keyof typeof PAX_LABELS) =>
      form.getByRole("button", { name: msg(locale, "search.pax.add", { label: msg(locale, PAX_LABELS[kind]) }), exact: true });
    await more("infants").click();
    expect(await field(form, locale, "infants").inputValue()).toBe(digits(locale, 1));
    expect(await more("infants").isDisabled()).toBe(true);
    for (let adults = 2; adults <= 9; adults += 1) await more("adults").click();
    expect(await field(form, locale, "adults").inputValue()).toBe(digits(locale, 9));
    expect(await more("adults").isDisabled()).toBe(true);
    expect(await more("children").isDisabled()).toBe(true);
    expect(await more("infants").isEnabled()).toBe(true);
    await form.getByText(msg(locale, "search.pax.limitSeats"), { exact: true }).waitFor();
  },

  async bus({ form, locale }) {
    // Yesterday, in another set of digits than the page's: read as yesterday, not as a bad format.
    const yesterday = addDays(today(), -1);
    const typed = locale === "fa" ? dateText(yesterday, "persian") : localizeDigits("ar", dateText(yesterday, "gregorian"));
    await field(form, locale, "date").fill(typed);
    await submitRefused(form, locale, { ...EMPTY.bus, date: "search.error.DATE_PAST" }, "from");
    expect(await field(form, locale, "date").inputValue()).toBe(typed);
  },

  async hotel({ form, locale }) {
    // Leaving the day of arrival.
    const day = typedDate(locale, 5);
    await field(form, locale, "checkIn").fill(day);
    await field(form, locale, "checkOut").fill(day);
    await submitRefused(form, locale, { ...EMPTY.hotel, checkIn: undefined, checkOut: "search.error.CHECKOUT_NOT_AFTER_CHECKIN" }, "city");
    expect(await field(form, locale, "checkIn").inputValue()).toBe(day);
    expect(await field(form, locale, "checkOut").inputValue()).toBe(day);
    // A field's message goes as soon as it changes; the rule holds for an earlier day too.
    const earlier = typedDate(locale, 4);
    await field(form, locale, "checkOut").fill(earlier);
    await expectNoError(form, locale, "checkOut");
    await submitRefused(form, locale, { ...EMPTY.hotel, checkIn: undefined, checkOut: "search.error.CHECKOUT_NOT_AFTER_CHECKIN" }, "city");
  },

  async outHotel({ page, form, locale, sent }) {
    // Ten nights abroad are one too many.
    const [arrive, tenNights, nineNights] = [typedDate(locale, 3), typedDate(locale, 13), typedDate(locale, 12)];
    await field(form, locale, "checkIn").fill(arrive);
    await field(form, locale, "checkOut").fill(tenNights);
    // The count of nights is said beside the dates (with the rule after it).
    await form.getByText(plural(locale, "search.nights", "other", { count: digits(locale, 10) })).waitFor();
    await submitRefused(form, locale, { ...EMPTY.outHotel, checkIn: undefined, checkOut: "search.error.STAY_TOO_LONG_ABROAD" }, "city");
    expect(await field(form, locale, "checkOut").inputValue()).toBe(tenNights);

    // Nine are fine: only the missing city is left, and with it chosen the search goes through.
    await field(form, locale, "checkOut").fill(nineNights);
    await submitRefused(form, locale, { city: EMPTY.outHotel.city }, "city");
    await expectNoError(form, locale, "checkOut");
    expect(sent).toEqual([]);
    await choosePlace(form, locale, "city", ISTANBUL[locale].query, ISTANBUL[locale].name);
    await submitButton(form, locale).click();
    await page.waitForURL((url) => url.pathname === localized(locale, "/internationalhotel/search/TR/istanbul"));
    const query = new URL(page.url()).searchParams;
    expect(query.get("checkIn")).toBe(addDays(today(), 3));
    expect(query.get("checkOut")).toBe(addDays(today(), 12));
    await page
      .getByRole("heading", { level: 1, name: msg(locale, "results.heading.city", { city: ISTANBUL[locale].name }), exact: true })
      .waitFor();
  },

  async tour({ form, locale }) {
    // Back the day it leaves (a tour lasts a night at least) and two infants with one adult.
    const day = typedDate(locale, 7);
    await field(form, locale, "date").fill(day);
    await field(form, locale, "returnDate").fill(day);
    await openPassengers(form, locale);
    await field(form, locale, "infants").fill(digits(locale, 2));
    await submitRefused(
      form,
      locale,
      { ...EMPTY.tour, date: undefined, returnDate: "search.error.RETURN_BEFORE_DEPARTURE", infants: "search.error.INFANTS_EXCEED_ADULTS" },
      "from",
    );
    expect(await field(form, locale, "date").inputValue()).toBe(day);
    expect(await field(form, locale, "returnDate").inputValue()).toBe(day);
    expect(await field(form, locale, "infants").inputValue()).toBe(digits(locale, 2));
  },

  async insurance({ form, locale }) {
    // Born tomorrow, trip length not chosen.
    const tomorrow = typedDate(locale, 1);
    await field(form, locale, "birth1").fill(tomorrow);
    await submitRefused(form, locale, { ...EMPTY.insurance, birth1: "search.error.BIRTH_DATE_FUTURE" }, "country");
    expect(await field(form, locale, "birth1").inputValue()).toBe(tomorrow);
    // Choosing a length takes its message away at once.
    await field(form, locale, "days").selectOption({ label: msg(locale, "search.daysUpTo", { count: digits(locale, 7) }) });
    await expectNoError(form, locale, "days");
  },
};

const SERVICES = Object.keys(EMPTY) as Service[];

/**
 * Every service's form in Persian; in English the ones whose rules read the page's language
 * differently (place names, digits typed in another script, a search that goes through). The rules
 * are unit-tested in core/search, and their messages come from one catalog per language.
 */
const SERVICES_BY_LANG: Record<Lang, readonly Service[]> = { fa: SERVICES, en: ["flight", "bus", "outHotel"] };

describe.each(LANGS)("search forms in %s, with JavaScript", (locale) => {
  test.each(SERVICES_BY_LANG[locale])("%s: an empty form, then the service's own rules, refused in the browser", async (service) => {
    const { page, form, expectNoConsoleErrors } = await openForm(locale, service);
    const sent = watchSubmissions(page);
    const start = page.url();

    await submitRefused(form, locale, EMPTY[service], FIRST_FIELD[service]);
    expect(page.url()).toBe(start);

    await RULES[service]({ page, form, locale, sent });
    if (service !== "outHotel") {
      expect(page.url()).toBe(start);
      expect(sent, "form submissions sent").toEqual([]);
    }
    expectNoConsoleErrors();
  });
});

describe("search forms refused by the server", () => {
  test("with JavaScript, names typed but not chosen are looked up before sending: the same city twice is refused on the page (en flight)", async () => {
    const { page, form, expectNoConsoleErrors } = await openForm("en", "flight");
    const start = page.url();
    await typePlace(form, "en", "from", "Mashhad");
    await typePlace(form, "en", "to", "mashhad");
    const date = typedDate("en", 3);
    await field(form, "en", "date").fill(date);
    await submitButton(form, "en").click();
    await expectErrors(form, "en", { to: "search.error.SAME_PLACE" });
    expect(page.url()).toBe(start);
    expect(await field(form, "en", "from").inputValue()).toBe("Mashhad");
    expect(await placeId(form, "from").inputValue()).toBe(MASHHAD.id);
    expect(await field(form, "en", "to").inputValue()).toBe("Mashhad");
    expect(await field(form, "en", "date").inputValue()).toBe(date);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-invalid"))).toBe("true");
    expectNoConsoleErrors();
  });

  test("with JavaScript, a typed name that matches nothing is refused on its field, and good typed names go to the results (en train)", async () => {
    const { page, form, expectNoConsoleErrors } = await openForm("en", "train");
    const start = page.url();
    await field(form, "en", "from").fill("Zzyzx");
    await typePlace(form, "en", "to", "mashhad");
    await field(form, "en", "date").fill(typedDate("en", 5));
    await submitButton(form, "en").click();
    await expectErrors(form, "en", { from: "search.error.PLACE_UNKNOWN" });
    expect(page.url()).toBe(start);
    expect(await field(form, "en", "from").inputValue()).toBe("Zzyzx");
    await typePlace(form, "en", "from", "tehran");
    await submitButton(form, "en").click();
    await page.waitForURL((url) => url.pathname === "/en/train/tehran-mashhad");
    expectNoConsoleErrors();
  });

  test("without JavaScript, fa flight: same city and yesterday come back with status 400 and the typed values", async () => {
    const { page, form } = await openForm("fa", "flight", { javaScriptEnabled: false });
    const yesterday = typedDate("fa", -1);
    await field(form, "fa", "from").fill("مشهد");
    await field(form, "fa", "to").fill("مشهد");
    await field(form, "fa", "date").fill(yesterday);
    const response = await submitWithoutScript(page, form, "fa");
    expect(response.status()).toBe(400);
    expect(new URL(page.url()).pathname).toBe("/flight");
    await expectErrors(form, "fa", { to: "search.error.SAME_PLACE", date: "search.error.DATE_PAST" });
    expect(await field(form, "fa", "from").inputValue()).toBe("مشهد");
    expect(await placeId(form, "from").inputValue()).toBe(MASHHAD.id);
    expect(await field(form, "fa", "to").inputValue()).toBe("مشهد");
    expect(await field(form, "fa", "date").inputValue()).toBe(yesterday);
  });

  test("without JavaScript, fa insurance: a birth date tomorrow and no trip length, status 400", async () => {
    const { page, form } = await openForm("fa", "insurance", { javaScriptEnabled: false });
    const tomorrow = typedDate("fa", 1);
    await field(form, "fa", "country").fill("ترکیه");
    await field(form, "fa", "birth1").fill(tomorrow);
    const response = await submitWithoutScript(page, form, "fa");
    expect(response.status()).toBe(400);
    await expectErrors(form, "fa", { days: "search.error.DURATION_REQUIRED", birth1: "search.error.BIRTH_DATE_FUTURE" });
    expect(await field(form, "fa", "country").inputValue()).toBe("ترکیه");
    expect(await placeId(form, "country").inputValue()).toBe("country:TR");
    expect(await field(form, "fa", "birth1").inputValue()).toBe(tomorrow);
  });

  test("without JavaScript, en outHotel: 10 nights refused with status 400, 9 nights go to the results", async () => {
    const { page, form } = await openForm("en", "outHotel", { javaScriptEnabled: false });
    const [arrive, tenNights, nineNights] = [typedDate("en", 3), typedDate("en", 13), typedDate("en", 12)];
    await field(form, "en", "city").fill(ISTANBUL.en.query);
    await field(form, "en", "checkIn").fill(arrive);
    await field(form, "en", "checkOut").fill(tenNights);
    const refused = await submitWithoutScript(page, form, "en");
    expect(refused.status()).toBe(400);
    await expectErrors(form, "en", { checkOut: "search.error.STAY_TOO_LONG_ABROAD" });
    // The server shows the place it understood the text as.
    expect(await field(form, "en", "city").inputValue()).toBe(ISTANBUL.en.name);
    expect(await field(form, "en", "checkIn").inputValue()).toBe(arrive);
    expect(await field(form, "en", "checkOut").inputValue()).toBe(tenNights);

    await field(form, "en", "checkOut").fill(nineNights);
    const accepted = await submitWithoutScript(page, form, "en");
    expect(accepted.status()).toBe(200);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/en/internationalhotel/search/TR/istanbul");
    expect(url.searchParams.get("checkOut")).toBe(addDays(today(), 12));
  });

  test("without JavaScript, en insurance: an empty form comes back with status 400 and every message", async () => {
    const { page, form } = await openForm("en", "insurance", { javaScriptEnabled: false });
    const response = await submitWithoutScript(page, form, "en");
    expect(response.status()).toBe(400);
    await expectErrors(form, "en", EMPTY.insurance);
  });
});

describe("a whole search without JavaScript", () => {
  test("fa flight: typed names and date lead to /flight/MHD-THR, and the form remembers the search", async () => {
    const { page, form, origin } = await openForm("fa", "flight", { javaScriptEnabled: false });
    const date = addDays(today(), 7);
    await field(form, "fa", "from").fill(MASHHAD.fa.name);
    await field(form, "fa", "to").fill(TEHRAN.fa.name);
    await field(form, "fa", "date").fill(localizeDigits("fa", dateText(date, "persian")));
    const response = await submitWithoutScript(page, form, "fa");
    expect(response.status()).toBe(200);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/flight/MHD-THR");
    expect(url.searchParams.get("date")).toBe(date);

    await expectResultsPage(page, "fa", { from: MASHHAD.fa.name, to: TEHRAN.fa.name }, date);
    expect((await page.context().cookies(origin)).map((cookie) => cookie.name)).toContain("last_search");

    await page.goto(`${origin}/flight`);
    const again = searchForm(page, "fa", "flight");
    expect(await field(again, "fa", "from").inputValue()).toBe(MASHHAD.fa.name);
    expect(await field(again, "fa", "to").inputValue()).toBe(TEHRAN.fa.name);
    expect(await field(again, "fa", "date").inputValue()).toBe(localizeDigits("fa", dateText(date, "persian")));
  });

  test("en train: 'mash' and 'teh' lead to /en/train/mashhad-tehran, remembered in both languages", async () => {
    const { page, form, origin } = await openForm("en", "train", { javaScriptEnabled: false });
    const date = addDays(today(), 10);
    await field(form, "en", "from").fill(MASHHAD.en.query);
    await field(form, "en", "to").fill(TEHRAN.en.query);
    await field(form, "en", "date").fill(dateText(date, "gregorian"));
    const response = await submitWithoutScript(page, form, "en");
    expect(response.status()).toBe(200);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/en/train/mashhad-tehran");
    expect(url.searchParams.get("date")).toBe(date);

    await expectResultsPage(page, "en", { from: MASHHAD.en.name, to: TEHRAN.en.name }, date);

    await page.goto(`${origin}/en/train`);
    const again = searchForm(page, "en", "train");
    expect(await field(again, "en", "from").inputValue()).toBe(MASHHAD.en.name);
    expect(await field(again, "en", "to").inputValue()).toBe(TEHRAN.en.name);
    expect(await field(again, "en", "date").inputValue()).toBe(dateText(date, "gregorian"));

    // The names are looked up again in the page's language.
    await page.goto(`${origin}/train`);
    const persian = searchForm(page, "fa", "train");
    expect(await field(persian, "fa", "from").inputValue()).toBe(MASHHAD.fa.name);
    expect(await field(persian, "fa", "to").inputValue()).toBe(TEHRAN.fa.name);
    expect(await field(persian, "fa", "date").inputValue()).toBe(localizeDigits("fa", dateText(date, "persian")));
  });
});

describe("the form's own code, fetched after the page's (SearchFormIsland)", () => {
  test("fa flight: names and a date typed before it arrives are kept, and searched with it", async () => {
    const { page, origin, expectNoConsoleErrors } = await browser.openPage("/contact");
    // Holds the form's chunk back, so what happens before it arrives can be seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/search-[\w-]{8}\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => Object.keys(document.querySelector("main") ?? {}).some((key) => key.startsWith("__reactFiber$")));
    const form = searchForm(page, "fa", "flight");
    const formHydrated = () => form.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$")));
    expect(await formHydrated()).toBe(false);
    // The server's form stays through what makes the page render again meanwhile (a first mouse move).
    await page.mouse.move(40, 40);
    const date = addDays(today(), 9);
    await field(form, "fa", "from").fill(MASHHAD.fa.name);
    await field(form, "fa", "to").fill(TEHRAN.fa.name);
    await field(form, "fa", "date").fill(localizeDigits("fa", dateText(date, "persian")));
    expect(await formHydrated()).toBe(false);

    release();
    await waitForHydration(page);
    expect(await field(form, "fa", "from").inputValue()).toBe(MASHHAD.fa.name);
    expect(await form.getByRole("button", { name: msg("fa", "search.swap"), exact: true }).count()).toBe(1);
    await submitButton(form, "fa").click();
    await page.waitForURL((url) => url.pathname === "/flight/MHD-THR");
    expect(new URL(page.url()).searchParams.get("date")).toBe(date);
    await expectResultsPage(page, "fa", { from: MASHHAD.fa.name, to: TEHRAN.fa.name }, date);
    expectNoConsoleErrors();
  });
});

/**
 * A results page: the route and the search as understood; then what was found (domestic flights
 * have results since issue 5, trains since issue 18): the day strip and a count.
 */
async function expectResultsPage(page: Page, locale: Lang, route: { from: string; to: string }, date: string): Promise<void> {
  await page.getByRole("heading", { level: 1, name: msg(locale, "results.heading.route", route), exact: true }).waitFor();
  const summary = page.getByRole("main").locator("dl").first();
  const summaryText = await summary.innerText();
  expect(summaryText).toContain(msg(locale, "search.departure"));
  expect(summaryText).toContain(readableDate(date, locale, locale === "fa" ? "persian" : "gregorian"));
  await page.getByRole("navigation", { name: msg(locale, "flights.days") }).waitFor();
  await page.getByRole("status").filter({ hasText: /\S/ }).first().waitFor();
}

describe("place autocomplete by keyboard", () => {
  test.each(LANGS)("%s: suggestions, arrows, Enter, Escape, an airport code and a name that matches nothing", async (locale) => {
    const { page, form, expectNoConsoleErrors } = await openForm(locale, "flight");
    const sent = watchSubmissions(page);
    const start = page.url();
    const origin = field(form, locale, "from");
    const list = form.getByRole("listbox", { name: msg(locale, "search.from"), exact: true });
    const options = list.getByRole("option");

    await origin.pressSequentially(MASHHAD[locale].query);
    await options.first().getByText(MASHHAD[locale].name, { exact: true }).waitFor();
    expect(await origin.getAttribute("aria-expanded")).toBe("true");
    const ids = await options.evaluateAll((items) => items.map((item) => item.id));
    expect(ids.length).toBeGreaterThan(1);
    const last = ids.length - 1;

    // The first suggestion is highlighted as the list opens; the arrows move it, and wrap.
    const expectActive = async (index: number) => {
      await expect.poll(() => origin.getAttribute("aria-activedescendant")).toBe(ids[index]);
      expect(await options.evaluateAll((items) => items.map((item) => item.getAttribute("aria-selected")))).toEqual(
        ids.map((_, at) => String(at === index)),
      );
    };
    await expectActive(0);
    await origin.press("ArrowDown");
    await expectActive(1);
    await origin.press("ArrowUp");
    await expectActive(0);
    await origin.press("ArrowUp");
    await expectActive(last);
    await origin.press("ArrowDown");
    await expectActive(0);

    // Enter takes it: the name in the box, the id in the hidden field, the list closed, nothing sent.
    await origin.press("Enter");
    await expect.poll(() => origin.inputValue()).toBe(MASHHAD[locale].name);
    expect(await placeId(form, "from").inputValue()).toBe(MASHHAD.id);
    expect(await origin.getAttribute("aria-expanded")).toBe("false");
    expect(await origin.getAttribute("aria-activedescendant")).toBeNull();
    expect(await list.isHidden()).toBe(true);

    // Escape closes the list and keeps the text.
    const destination = field(form, locale, "to");
    const destinationList = form.getByRole("listbox", { name: msg(locale, "search.to"), exact: true });
    await destination.pressSequentially(TEHRAN[locale].query);
    await destinationList.getByRole("option").first().getByText(TEHRAN[locale].name, { exact: true }).first().waitFor();
    await destination.press("Escape");
    await expect.poll(() => destination.getAttribute("aria-expanded")).toBe("false");
    expect(await destinationList.isHidden()).toBe(true);
    expect(await destination.inputValue()).toBe(TEHRAN[locale].query);
    expect(await placeId(form, "to").inputValue()).toBe("");

    // An airport code finds its city.
    await destination.fill("MHD");
    await destinationList.getByRole("option").first().getByText(MASHHAD[locale].name, { exact: true }).waitFor();
    await destination.press("Escape");

    // Nothing matches: no options, the list stays closed, and the live region says so.
    await destination.fill("zzqx");
    await form
      .getByRole("status")
      .filter({ hasText: msg(locale, "search.place.none") })
      .waitFor({ state: "attached" });
    expect(await destinationList.getByRole("option").count()).toBe(0);
    expect(await destination.getAttribute("aria-expanded")).toBe("false");

    // Tab takes the highlighted suggestion too, and moves on.
    await destination.fill(TEHRAN[locale].query);
    await destinationList.getByRole("option").first().getByText(TEHRAN[locale].name, { exact: true }).first().waitFor();
    await destination.press("Tab");
    await expect.poll(() => destination.inputValue()).toBe(TEHRAN[locale].name);
    expect(await placeId(form, "to").inputValue()).toBe(TEHRAN.id);
    expect(await destination.evaluate((element) => element === document.activeElement)).toBe(false);

    expect(page.url()).toBe(start);
    expect(sent).toEqual([]);
    expectNoConsoleErrors();
  });
});

describe("home tabs", () => {
  test("the train tab is a link to ?tab=train that shows the train form", async () => {
    const { page, origin, expectNoConsoleErrors } = await browser.openPage("/");
    await waitForHydration(page);
    const tabs = page.getByRole("navigation", { name: msg("fa", "home.tabs"), exact: true });
    const train = tabs.getByRole("link", { name: msg("fa", "nav.train"), exact: true });
    expect(await train.getAttribute("href")).toBe("/?tab=train");
    expect(await tabs.getByRole("link", { name: msg("fa", "nav.insurance"), exact: true }).count()).toBe(1);

    await train.click();
    await page.waitForURL(`${origin}/?tab=train`);
    const form = searchForm(page, "fa", "train");
    await form.getByRole("checkbox", { name: msg("fa", "search.coupe"), exact: true }).waitFor();
    expect(await train.getAttribute("aria-current")).toBe("page");
    expect(await searchForm(page, "fa", "flight").count()).toBe(0);
    expectNoConsoleErrors();
  });

  test("an agency that does not sell insurance has no insurance tab, and ?tab=insurance shows its first form", async () => {
    const { page, response } = await browser.openPage("/?tab=insurance", { host: TENANTS.parvazSabz.host });
    expect(response.status()).toBe(200);
    const tabs = page.getByRole("navigation", { name: msg("fa", "home.tabs"), exact: true });
    await tabs.getByRole("link", { name: msg("fa", "nav.train"), exact: true }).waitFor();
    expect(await tabs.getByRole("link", { name: msg("fa", "nav.insurance"), exact: true }).count()).toBe(0);
    expect(await searchForm(page, "fa", "insurance").count()).toBe(0);
    await searchForm(page, "fa", "flight").waitFor();
  });
});

describe("calendar", () => {
  test("neither the popover nor its button is in the server's HTML", async () => {
    const response = await fetchPath("/flight");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain('role="dialog"');
    expect(html).not.toContain('role="grid"');
    expect(html).not.toContain(msg("fa", "search.date.open", { label: msg("fa", "search.departure") }));
    expect(html).not.toContain("calendar-popover");
  });

  test("fa: opens on demand with the past disabled, picks a day by keyboard, and switches the field to Gregorian", async () => {
    const { page, form, expectNoConsoleErrors } = await openForm("fa", "flight");
    const calendarCode: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("calendar-popover")) calendarCode.push(request.url());
    });
    await settle(page);
    expect(calendarCode, "calendar code loaded before it was asked for").toEqual([]);

    const input = field(form, "fa", "date");
    const opener = form.getByRole("button", { name: msg("fa", "search.date.open", { label: msg("fa", "search.departure") }), exact: true });
    expect(await opener.getAttribute("aria-expanded")).toBe("false");
    await opener.click();
    const dialog = page.getByRole("dialog", { name: msg("fa", "search.departure"), exact: true });
    await dialog.waitFor();
    expect(calendarCode.length).toBeGreaterThan(0);
    expect(await opener.getAttribute("aria-expanded")).toBe("true");
    await expectPastDisabled(dialog, "fa");

    // The grid opens with today focused; a week later is one row down, whatever the direction.
    await expect
      .poll(() =>
        dialog
          .getByRole("grid")
          .first()
          .evaluate((grid) => grid.contains(document.activeElement)),
      )
      .toBe(true);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });
    const picked = addDays(today(), 7);
    expect(await input.inputValue()).toBe(localizeDigits("fa", dateText(picked, "persian")));

    await opener.click();
    await dialog.waitFor();
    await dialog.getByRole("button", { name: msg("fa", "search.date.showGregorian"), exact: true }).click();
    await expect.poll(() => input.inputValue()).toBe(localizeDigits("fa", dateText(picked, "gregorian")));
    await dialog.getByRole("button", { name: msg("fa", "search.date.showPersian"), exact: true }).waitFor();
    await dialog.getByRole("button", { name: msg("fa", "search.date.close"), exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    expectNoConsoleErrors();
  });

  test("en: opens with the past disabled and fills the field with the day clicked", async () => {
    const { page, form, expectNoConsoleErrors } = await openForm("en", "flight");
    const input = field(form, "en", "date");
    await form.getByRole("button", { name: msg("en", "search.date.open", { label: msg("en", "search.departure") }), exact: true }).click();
    const dialog = page.getByRole("dialog", { name: msg("en", "search.departure"), exact: true });
    await dialog.waitFor();
    await expectPastDisabled(dialog, "en");
    // Only Persian pages offer a choice of calendar.
    expect(await dialog.getByRole("button", { name: msg("en", "search.date.showPersian"), exact: true }).count()).toBe(0);

    const picked = addDays(today(), 2);
    const [year, month, day] = picked.split("-").map(Number) as [number, number, number];
    await dialog.getByRole("button", { name: new RegExp(`\\b${day} ${EN_MONTHS[month - 1]} ${year}\\b`) }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await input.inputValue()).toBe(dateText(picked, "gregorian"));
    expectNoConsoleErrors();
  });
});

/** Every day of the first month shown before today is disabled, today is not, and there is no going back a month. */
async function expectPastDisabled(dialog: Locator, locale: Lang): Promise<void> {
  const cells = await dialog
    .getByRole("grid")
    .first()
    .getByRole("gridcell")
    .evaluateAll((items) =>
      items.map((item) => ({
        disabled: item.getAttribute("aria-disabled") === "true",
        today: item.querySelector("[data-today]") !== null,
      })),
    );
  const todayAt = cells.findIndex((cell) => cell.today);
  expect(todayAt, "today is in the first month shown").toBeGreaterThanOrEqual(0);
  expect(
    cells.slice(0, todayAt).filter((cell) => !cell.disabled),
    "days before today that can be picked",
  ).toEqual([]);
  expect(cells[todayAt]?.disabled).toBe(false);
  expect(await dialog.getByRole("button", { name: msg(locale, "search.date.previous"), exact: true }).isDisabled()).toBe(true);
}
