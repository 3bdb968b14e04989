/** `npm run admin -- <command> [options]`: operator commands (see server/cli/admin/commands.ts). */
import { openDatabase } from "#adapters/db/client.ts";
import { databaseTarget, loadEnvOrExit } from "../runtime.ts";
import { runAdmin } from "./admin/commands.ts";

process.exitCode = await runAdmin(process.argv.slice(2), {
  io: { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) },
  // The environment is read only by commands that open the database, so --help always works.
  openDatabase: () => openDatabase(databaseTarget(loadEnvOrExit())),
  credentialsKey: () => loadEnvOrExit().CREDENTIALS_KEY,
});
