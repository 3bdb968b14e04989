import { describe, expect, it } from "vitest";
import { CHUNK_RELOAD_GUARD_MS, CHUNK_RELOAD_STORAGE_KEY, claimChunkReload, type GuardStorage } from "./chunk-reload.ts";

function memoryStorage(initial: Record<string, string> = {}): GuardStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);
const at = (ms: number) => () => ms;

describe("claimChunkReload", () => {
  it("guards for 60 seconds (spec §9)", () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(60_000);
  });

  it("lets the first failure reload and remembers when", () => {
    const storage = memoryStorage();
    expect(claimChunkReload({ storage, now: at(T0) })).toBe(true);
    expect(storage.data.get(CHUNK_RELOAD_STORAGE_KEY)).toBe(String(T0));
  });

  it("does not reload for a second failure within 60 seconds", () => {
    const storage = memoryStorage();
    expect(claimChunkReload({ storage, now: at(T0) })).toBe(true);
    expect(claimChunkReload({ storage, now: at(T0 + 1) })).toBe(false);
    expect(claimChunkReload({ storage, now: at(T0 + CHUNK_RELOAD_GUARD_MS - 1) })).toBe(false);
    // The refused attempt does not move the guard.
    expect(storage.data.get(CHUNK_RELOAD_STORAGE_KEY)).toBe(String(T0));
  });

  it("may reload again once 60 seconds have passed", () => {
    const storage = memoryStorage();
    expect(claimChunkReload({ storage, now: at(T0) })).toBe(true);
    expect(claimChunkReload({ storage, now: at(T0 + CHUNK_RELOAD_GUARD_MS) })).toBe(true);
    expect(claimChunkReload({ storage, now: at(T0 + CHUNK_RELOAD_GUARD_MS + 1_000) })).toBe(false);
  });

  it("keeps the guard closed when the clock went back a little", () => {
    const storage = memoryStorage({ [CHUNK_RELOAD_STORAGE_KEY]: String(T0) });
    expect(claimChunkReload({ storage, now: at(T0 - 30_000) })).toBe(false);
    expect(claimChunkReload({ storage, now: at(T0 - 2 * CHUNK_RELOAD_GUARD_MS) })).toBe(true);
  });

  it("ignores a stored value that is not a time", () => {
    const storage = memoryStorage({ [CHUNK_RELOAD_STORAGE_KEY]: "soon" });
    expect(claimChunkReload({ storage, now: at(T0) })).toBe(true);
  });

  it("never reloads when it cannot remember the reload", () => {
    expect(claimChunkReload({ storage: null, now: at(T0) })).toBe(false);
    const throwing: GuardStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(claimChunkReload({ storage: throwing, now: at(T0) })).toBe(false);
    const forgetful: GuardStorage = { getItem: () => null, setItem: () => {} };
    expect(claimChunkReload({ storage: forgetful, now: at(T0) })).toBe(false);
  });
});
