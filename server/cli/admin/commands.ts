/**
 * `npm run admin -- <command> [options]`: operator commands, one module per subcommand.
 * The dispatcher knows nothing of any command beyond its name, summary and usage.
 */
import { alertsCommand } from "./alerts.ts";
import { blogCommand } from "./blog.ts";
import { cardToCardCommand } from "./card-to-card.ts";
import { clientErrorsCommand } from "./client-errors.ts";
import { creditCommand } from "./credit.ts";
import { discountCommand } from "./discount.ts";
import { faresCommand } from "./fares.ts";
import { gatewayCommand } from "./gateway.ts";
import { gdsProCommand } from "./gds-pro.ts";
import { invoicesCommand } from "./invoices.ts";
import { refundCommand } from "./refund.ts";
import { recaptchaCommand, smsCommand } from "./sms.ts";
import { staffCommand } from "./staff.ts";
import { topupCommand } from "./topup.ts";
import { printable, type AdminCommand, type AdminContext } from "./shared.ts";

export type { AdminCommand, AdminContext, AdminIo } from "./shared.ts";

export const ADMIN_COMMANDS: readonly AdminCommand[] = [
  alertsCommand,
  // Issue 25: the blog's posts.
  blogCommand,
  cardToCardCommand,
  clientErrorsCommand,
  creditCommand,
  discountCommand,
  faresCommand,
  gatewayCommand,
  gdsProCommand,
  // Issue 23: official invoices.
  invoicesCommand,
  refundCommand,
  smsCommand,
  recaptchaCommand,
  // Issue 25: the back-office's staff.
  staffCommand,
  // Issue 23 §3: mobile top-up providers.
  topupCommand,
];

export function adminUsage(commands: readonly AdminCommand[] = ADMIN_COMMANDS): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  return [
    "Usage: npm run admin -- <command> [options]",
    "",
    "Commands:",
    ...commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    "",
    "Run `npm run admin -- <command> --help` for the options of a command.",
    "The database is DATABASE_URL's, or the embedded one in DATA_DIR (stop the server first: one process per folder).",
    "",
  ].join("\n");
}

/** Runs one admin command and returns the process's exit code. */
export async function runAdmin(argv: string[], context: AdminContext, commands: readonly AdminCommand[] = ADMIN_COMMANDS): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined) {
    context.io.err(adminUsage(commands));
    return 1;
  }
  if (name === "--help" || name === "-h" || name === "help") {
    const topic = name === "help" ? commands.find((candidate) => candidate.name === args[0]) : undefined;
    context.io.out(topic ? topic.usage : adminUsage(commands));
    return 0;
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) {
    context.io.err(`Unknown command: ${printable(name)}\n\n${adminUsage(commands)}`);
    return 1;
  }
  return command.run(args, context);
}
