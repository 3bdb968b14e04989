import { describe, it, expect } from "vitest";
import { SERVICE_IDS, enabledServices, isServiceId, serviceOfPath, type ServiceId } from "#core/services/service-ids.ts";

describe("serviceOfPath", () => {
  const cases: Array<[string, ServiceId | null]> = [
    ["/flight", "flight"],
    ["/flight/", "flight"],
    ["/flight/international", "internationalflight"],
    ["/flight/international/THR-IST", "internationalflight"],
    ["/flight/THR-MHD", "flight"],
    ["/flight/THR-MHD/passengers", "flight"],
    ["/flightRtrip", "flightRtrip"],
    ["/flightRtrip/THR-MHD", "flightRtrip"],
    ["/internationalflight", "internationalflight"],
    ["/internationalflight/search/THR/IST", "internationalflight"],
    ["/train", "train"],
    ["/train/123", "train"],
    ["/bus", "bus"],
    ["/bus/42/passengers", "bus"],
    ["/hotel", "hotel"],
    ["/hotel/mashhad/some-hotel", "hotel"],
    ["/outHotel", "intHotel"],
    ["/internationalhotel/istanbul", "intHotel"],
    ["/tour", "tour"],
    ["/tour/kish", "tour"],
    ["/internationaltour/antalya", "intTour"],
    ["/insurance", "insurance"],
    ["/blog", "blog"],
    ["/blog/some/article", "blog"],
    ["/contact", null],
    ["/contact/aboutus", null],
    ["/pages/jobs", null],
    ["/", null],
    ["", null],
  ];

  it.each(cases)("%s belongs to %s", (path, service) => {
    expect(serviceOfPath(path)).toBe(service);
  });

  it("ignores repeated slashes", () => {
    expect(serviceOfPath("//flight//international")).toBe("internationalflight");
  });

  it("matches segments exactly and case-sensitively", () => {
    expect(serviceOfPath("/flights")).toBeNull();
    expect(serviceOfPath("/Flight")).toBeNull();
    expect(serviceOfPath("/outhotel")).toBeNull();
    expect(serviceOfPath("/hotels")).toBeNull();
  });

  it("only looks at leading segments", () => {
    expect(serviceOfPath("/contact/flight")).toBeNull();
  });

  it("only answers known service ids", () => {
    for (const [path] of cases) {
      const service = serviceOfPath(path);
      if (service !== null) expect(isServiceId(service)).toBe(true);
    }
  });
});

describe("isServiceId", () => {
  it("knows the eleven identifiers of spec §3 and nothing else", () => {
    expect(SERVICE_IDS).toHaveLength(11);
    expect(SERVICE_IDS.every(isServiceId)).toBe(true);
    expect(isServiceId("outHotel")).toBe(false);
    expect(isServiceId("")).toBe(false);
    expect(isServiceId(7)).toBe(false);
  });
});

describe("enabledServices", () => {
  it("lets inactive win over active", () => {
    expect(enabledServices(["train", "bus", "hotel"], ["bus"])).toEqual(["train", "hotel"]);
  });

  it("keeps the order of the active list", () => {
    expect(enabledServices(["hotel", "train", "bus"], [])).toEqual(["hotel", "train", "bus"]);
  });

  it("adds round-trip flights to a tenant that sells flights", () => {
    const on = enabledServices(["flight", "train"], []);
    expect(on).toContain("flightRtrip");
    expect(on).toEqual(["flight", "train", "flightRtrip"]);
  });

  it("does not add round trips when flightRtrip is inactive", () => {
    expect(enabledServices(["flight", "train"], ["flightRtrip"])).toEqual(["flight", "train"]);
  });

  it("does not add round trips when flight itself is inactive", () => {
    expect(enabledServices(["flight", "train"], ["flight"])).toEqual(["train"]);
  });

  it("does not add round trips to a tenant without flights", () => {
    expect(enabledServices(["train", "bus"], [])).not.toContain("flightRtrip");
  });

  it("does not list flightRtrip twice when it is already active", () => {
    const on = enabledServices(["flight", "flightRtrip"], []);
    expect(on.filter((service) => service === "flightRtrip")).toHaveLength(1);
  });

  it("removes an explicitly active flightRtrip when it is inactive", () => {
    expect(enabledServices(["flight", "flightRtrip"], ["flightRtrip"])).toEqual(["flight"]);
  });

  it("does not modify its inputs", () => {
    const active: ServiceId[] = ["flight"];
    const inactive: ServiceId[] = [];
    enabledServices(active, inactive);
    expect(active).toEqual(["flight"]);
    expect(inactive).toEqual([]);
  });

  it("returns nothing when everything is switched off", () => {
    expect(enabledServices(["flight", "bus"], ["flight", "bus", "flightRtrip"])).toEqual([]);
  });
});
