import { describe, expect, it } from "vitest";
import { compareMatches, type PlaceMatch } from "./rank.ts";

const place = (id: string, popularity: number, exact = false, codeKey: string | null = null): PlaceMatch => ({
  id,
  popularity,
  exact,
  codeKey,
});
const rank = (prefix: string, matches: PlaceMatch[]) => [...matches].sort((a, b) => compareMatches(prefix, a, b)).map((match) => match.id);

describe("ranking of place suggestions", () => {
  it("puts the more popular first among equal matches", () => {
    expect(rank("ma", [place("city:mahabad", 20), place("city:mashhad", 98), place("city:marivan", 15)])).toEqual([
      "city:mashhad",
      "city:mahabad",
      "city:marivan",
    ]);
  });

  it("puts a whole-name match before a longer, more popular name", () => {
    expect(rank("مشهد", [place("city:mashhad-sar", 99), place("city:mashhad", 10, true)])).toEqual(["city:mashhad", "city:mashhad-sar"]);
  });

  it("puts the place whose own code was typed before everything else", () => {
    const matches = [place("city:isfahan", 90, true), place("airport:IFN", 10, false, "ifn"), place("city:ifnot", 95, true)];
    expect(rank("ifn", matches)[0]).toBe("airport:IFN");
    expect(rank("if", matches)[0]).toBe("city:ifnot");
  });

  it("orders ties by id, so the answer is the same on every request", () => {
    const matches = [place("city:b", 50), place("city:a", 50), place("city:c", 50)];
    expect(rank("x", matches)).toEqual(["city:a", "city:b", "city:c"]);
    expect(rank("x", [...matches].reverse())).toEqual(["city:a", "city:b", "city:c"]);
  });
});
