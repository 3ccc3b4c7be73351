/**
 * `npm run catalogue:import -- FILE`: loads a vendor and game feed into the server's database.
 * See `npm run catalogue:import -- --help`; the work is done in the server's catalogue module.
 */
import { runImportCli } from '../apps/server/src/modules/catalogue';

const status = await runImportCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
process.exitCode = status;
