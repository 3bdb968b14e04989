import { describe, expect, it } from "vitest";
import type { SavedPassengerFields } from "../accounts/account.ts";
import type { NormalizedPassenger } from "../passengers/passenger-rules.ts";
import { saveBookingPassengers } from "./save-passengers.ts";

const person = (firstName: string, type: NormalizedPassenger["type"] = "adult"): NormalizedPassenger => ({
  type,
  iranian: true,
  nationality: "IR",
  firstName,
  lastName: "رضایی",
  gender: "male",
  birthDate: "1990-05-17",
  nationalCode: "0499370899",
  wheelchair: false,
});

describe("saving a booking's passengers to its account", () => {
  const now = new Date("2026-11-22T10:00:00Z");

  it("saves every passenger without the booking's type, at the given time", async () => {
    const saved: [string, SavedPassengerFields, Date][] = [];
    const accounts = {
      savePassenger: async (userId: string, passenger: SavedPassengerFields, at: Date) => {
        saved.push([userId, passenger, at]);
        return { ...passenger, id: String(saved.length), updatedAt: at };
      },
    };
    const failures = await saveBookingPassengers({ passengers: [person("علی"), person("سارا", "child")] }, "user-1", { accounts, now });
    expect(failures).toEqual([]);
    expect(saved.map(([userId, passenger, at]) => [userId, passenger.firstName, "type" in passenger, at])).toEqual([
      ["user-1", "علی", false, now],
      ["user-1", "سارا", false, now],
    ]);
  });

  it("goes on past a failure and reports it by position", async () => {
    const fault = new Error("database down");
    const names: string[] = [];
    const accounts = {
      savePassenger: async (_userId: string, passenger: SavedPassengerFields, at: Date) => {
        if (passenger.firstName === "مریم") throw fault;
        names.push(passenger.firstName);
        return { ...passenger, id: "1", updatedAt: at };
      },
    };
    const failures = await saveBookingPassengers({ passengers: [person("مریم"), person("علی")] }, "user-1", { accounts, now });
    expect(failures).toEqual([{ position: 0, error: fault }]);
    expect(names).toEqual(["علی"]);
  });
});
