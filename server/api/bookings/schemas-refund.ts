import { z } from "zod";
import type { RefundWindowLabel } from "#core/refunds/penalty.ts";

/** The refund routes' bodies and answers (`POST …/refund-quote`, `POST …/refund`). */

const money = z.number().int();

/** Every window a quote can fall in: before departure, the last one, after it, the operator's fault, the free time after issue. */
const WINDOW_LABELS = [
  "before",
  "last",
  "after-departure",
  "airline-cancelled",
  "free-after-issue",
] as const satisfies readonly RefundWindowLabel[];

/** `POST …/refund-quote`: nothing to send (an empty object or no body at all). */
export const refundQuoteRequestSchema = z.looseObject({});

/** `POST …/refund`: where the money goes. A wallet needs the booking to be an account's. */
export const refundRequestSchema = z.object({
  to: z.enum(["card", "wallet"]),
  sheba: z.string().max(64).optional().describe("With to=card: IR and 24 digits."),
});

export const refundQuoteSchema = z
  .object({
    paid: money,
    penalty: money,
    refundAmount: money,
    lines: z.array(
      z
        .object({
          flightNumber: z.string().describe("The item's code: a flight number, or a train's number."),
          paid: money,
          penaltyPercent: z.number(),
          penalty: money,
          refundAmount: money,
          window: z
            .object({
              minutesBefore: z.number().int().nullable(),
              label: z.enum(WINDOW_LABELS),
              endsAt: z.string().nullable().optional().describe("ISO 8601: when this window ends and the next penalty starts."),
            })
            .strict(),
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
