import { describe, expect, it } from "vitest";
import type { PlaceSuggestion } from "./place.ts";
import { suggestPlaces, type PlaceSearchPort } from "./suggest.ts";

function recordingPort(answer: PlaceSuggestion[] = []) {
  const calls: Parameters<PlaceSearchPort["findByPrefix"]>[0][] = [];
  const port: PlaceSearchPort = {
    async findByPrefix(input) {
      calls.push(input);
      return answer;
    },
    async byId() {
      return null;
    },
    async byRouteCode() {
      return null;
    },
  };
  return { port, calls };
}

describe("suggestPlaces", () => {
  it("searches with the normalised prefix, service and language", async () => {
    const mashhad: PlaceSuggestion = {
      id: "city:mashhad",
      kind: "city",
      name: "Mashhad",
      detail: "Razavi Khorasan",
      iata: "MHD",
      countryCode: "IR",
      cityId: "city:mashhad",
    };
    const { port, calls } = recordingPort([mashhad]);
    const result = await suggestPlaces({ service: "flight", query: " مشهـد ", locale: "en" }, { places: port });
    expect(result).toEqual([mashhad]);
    expect(calls).toEqual([{ service: "flight", prefix: "مشهد", locale: "en", limit: 10 }]);
  });

  it("answers nothing, without asking, for unknown services and unusable queries", async () => {
    const { port, calls } = recordingPort();
    for (const input of [
      { service: "spaceflight", query: "mash" },
      { service: "flight", query: "" },
      { service: "flight", query: "  ؟؟ " },
      { service: "flight", query: ["mash"] },
      { service: undefined, query: "mash" },
    ]) {
      expect(await suggestPlaces({ ...input, locale: "fa" }, { places: port })).toEqual([]);
    }
    expect(calls).toEqual([]);
  });

  it("keeps the number of suggestions within bounds", async () => {
    const { port, calls } = recordingPort();
    await suggestPlaces({ service: "train", query: "teh", locale: "fa", limit: 500 }, { places: port });
    await suggestPlaces({ service: "train", query: "teh", locale: "fa", limit: -3 }, { places: port });
    expect(calls.map((call) => call.limit)).toEqual([20, 1]);
  });
});
