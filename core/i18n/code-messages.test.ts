import { describe, it, expect } from "vitest";
import { CATALOGS } from "./catalogs.ts";
import {
  BOOKING_ERROR_MESSAGE,
  BOOKING_STATUS_MESSAGE,
  bookingErrorMessage,
  gatewayName,
  gatewayNameMessage,
  SEARCH_ERROR_MESSAGE,
  searchErrorMessage,
} from "./code-messages.ts";
import { translate } from "./messages.ts";

describe("messages of codes", () => {
  it("name each code's own message", () => {
    expect(BOOKING_STATUS_MESSAGE.refund_requested).toBe("booking.status.refund_requested");
    expect(translate("en", BOOKING_STATUS_MESSAGE.issued)).toBe(CATALOGS.en["booking.status.issued"]);
    expect(bookingErrorMessage("NATIONAL_CODE_INVALID")).toBe("booking.error.NATIONAL_CODE_INVALID");
  });

  it("read a booking error code they do not know as the generic one, and never a key of another kind", () => {
    expect(bookingErrorMessage("NO_SUCH_CODE")).toBe("booking.error.INVALID");
    expect(bookingErrorMessage("toString")).toBe("booking.error.INVALID");
  });

  it("cover every booking error and search error the catalogs have", () => {
    const keys = Object.keys(CATALOGS.fa);
    const bookingErrors = keys.filter((key) => key.startsWith("booking.error."));
    expect([...new Set(Object.values(BOOKING_ERROR_MESSAGE))].sort()).toEqual(bookingErrors.sort());
    const searchErrors = keys.filter((key) => key.startsWith("search.error.") && !key.startsWith("search.error.PLACE_REQUIRED."));
    expect(Object.values(SEARCH_ERROR_MESSAGE).sort()).toEqual(searchErrors.sort());
  });

  it("say a missing place per field", () => {
    expect(searchErrorMessage("from", "PLACE_REQUIRED")).toBe("search.error.PLACE_REQUIRED.from");
    expect(searchErrorMessage("country", "PLACE_REQUIRED")).toBe("search.error.PLACE_REQUIRED.country");
    expect(searchErrorMessage("from", "SAME_PLACE")).toBe("search.error.SAME_PLACE");
    expect(searchErrorMessage("constructor", "PLACE_REQUIRED")).toBe("search.error.PLACE_UNKNOWN");
  });

  it("name a known gateway in the language, and an unknown one by its own name", () => {
    expect(gatewayName("fa", "zarinpal")).toBe("زرین‌پال");
    expect(gatewayName("en", "sandbox")).toBe(CATALOGS.en["payment.gatewayName.sandbox"]);
    expect(gatewayName("ar", "mellat")).toBe("mellat");
    expect(gatewayNameMessage("__proto__")).toBeNull();
  });
});
