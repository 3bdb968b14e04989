import { describe, expect, it } from "vitest";
import "../i18n/catalogs.ts";
import { translate } from "../i18n/messages.ts";
import { FLIGHT_DOCUMENT, sealOffer, type ServiceModule } from "./service-module.ts";
import { serviceModule } from "./service-modules.ts";

/** A module that names none of its words, as a new service starts out: only what sealing needs. */
function bareModule(document?: ServiceModule<unknown>["document"]): ServiceModule<unknown> {
  const unused = () => {
    throw new Error("not called");
  };
  return {
    services: ["flight"],
    places: "flight",
    parseOffer: (stored) => stored,
    facts: unused,
    summary: unused,
    ticketLines: unused,
    smsLine: unused,
    refundTerms: unused,
    passengerRequirements: unused,
    apiItem: unused,
    paths: { passengers: unused, prefactor: unused, factor: unused },
    ...(document ? { document } : {}),
  };
}

describe("a service's document words", () => {
  it("are a flight e-ticket's when the module names none", () => {
    const { document } = sealOffer(bareModule());
    expect(document).toEqual(FLIGHT_DOCUMENT);
    expect(translate("en", document.reference)).toBe("PNR");
    expect(translate("fa", document.reference)).toBe("کد رزرو ایرلاین (PNR)");
    expect(translate("en", document.download)).toBe("Download the e-ticket (PDF)");
    expect(translate("en", document.issued)).toBe("Your ticket is issued");
    expect([translate("en", document.starts), translate("en", document.ends)]).toEqual(["Departure", "Arrival"]);
  });

  it("keep the flight's for any word a module leaves out, and the module's own for the rest", () => {
    const { document } = sealOffer(bareModule({ title: "ticket.title.bus", reference: "document.bus.reference" }));
    expect(document).toEqual({ ...FLIGHT_DOCUMENT, title: "ticket.title.bus", reference: "document.bus.reference" });
  });

  it("name each service's supplier code in its own words", () => {
    const reference = (service: "flight" | "train" | "bus" | "hotel") => translate("en", serviceModule(service).document.reference);
    expect(reference("flight")).toBe("PNR");
    expect(reference("train")).toBe("Railway booking code");
    expect(reference("bus")).toBe("Bus company booking code");
    expect(reference("hotel")).toBe("Confirmation number");
    expect(translate("fa", serviceModule("train").document.title)).toBe("بلیت الکترونیکی قطار");
  });
});
