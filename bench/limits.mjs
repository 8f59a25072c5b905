// The physical limits alone (lib/limits.mjs): the kernel's cost of sending on loopback and
// Postgres's commit floor on this machine, printed as figures. `run.mjs` measures the same at
// the start of every run and puts them beside the table.
//
//   scripts/bench-limits.sh     (QUICK=1 for a shorter measurement)
import { limitFigures, measureLimits } from './lib/limits.mjs';

const limits = await measureLimits({ quick: process.env.QUICK === '1' });
for (const [name, value] of Object.entries(limitFigures(limits))) {
  console.log(`${name}: ${Number.isFinite(value) ? value.toFixed(value >= 100 ? 0 : 2) : 'n/a'}`);
}
console.log(`Postgres synchronous_commit: ${limits.synchronousCommit}`);
