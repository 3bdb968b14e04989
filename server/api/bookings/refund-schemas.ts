import { z } from "zod";
import { REFUND_WINDOW_LABELS } from "#core/refunds/penalty.ts";
import { money } from "./schemas.ts";

/** Requests and answers of the refund endpoints (`…/refund-quote`, `…/refund`). */

/** `POST …/refund-quote`: nothing to send (an empty object or no body at all). */
export const refundQuoteRequestSchema = z.looseObject({});

/** `POST …/refund`: where the money goes. A wallet needs the booking to be an account's. */
export const refundRequestSchema = z.object({
  to: z.enum(["card", "wallet"]),
  sheba: z.string().max(64).optional().describe("With to=card: IR and 24 digits."),
});

const refundWindowSchema = z
  .object({
    minutesBefore: z
      .number()
      .int()
      .nullable()
      .describe(
        "For a window counted back from departure, its minutes before it; null for one to a fixed hour, the free period after issue, after departure and when the operator is at fault.",
      ),
    label: z
      .enum(REFUND_WINDOW_LABELS)
      .describe(
        "before: a window before the last; last: until departure; after-departure; airline-cancelled: the operator cancelled or is more than 2 h late (no penalty); free-after-issue: the free period after the tickets were issued.",
      ),
    endsAt: z
      .string()
      .nullable()
      .describe(
        "ISO 8601 instant (UTC) the window ends, itself included: the next penalty applies after it. Null after departure and when the operator is at fault.",
      ),
  })
  .strict();

export const refundQuoteSchema = z
  .object({
    paid: money,
    penalty: money,
    refundAmount: money,
    lines: z.array(
      z
        .object({
          flightNumber: z.string().describe("The item's code: a flight number, a train number."),
          paid: money,
          penaltyPercent: z.number(),
          penalty: money,
          refundAmount: money,
          window: refundWindowSchema,
          ruleId: z.string(),
        })
        .strict(),
    ),
    rule: z.array(z.string()).describe("The rule of each line."),
  })
  .strict();

export const refundAnswerSchema = z.union([
  z
    .object({
      status: z.literal("refunded"),
      refund: z
        .object({ paid: money, penalty: money, amount: money, destination: z.literal("wallet"), status: z.literal("paid") })
        .strict(),
    })
    .strict(),
  z
    .object({
      status: z.literal("refund_requested"),
      refund: z.object({ paid: money, penalty: money, amount: money, destination: z.literal("card"), sheba: z.string() }).strict(),
    })
    .strict(),
]);
