// What a benchmark's results file says of the machine it ran on, and how figures are written.
import { execSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';

/** The cores, the load, the commit of `dir` and the busiest processes, now. */
export function machine(dir) {
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { cwd: dir, encoding: 'utf8' }).trim();
  } catch {
    // not a checkout
  }
  const top = execSync('ps -eo pcpu,comm --sort=-pcpu --no-headers | head -5', { encoding: 'utf8' })
    .trim().split('\n').map((l) => l.trim()).join('; ');
  return { cores: cpus().length, model: cpus()[0]?.model ?? 'unknown', load: loadNow(), commit, top };
}

/** The load averages over 1, 5 and 15 minutes. */
export function loadNow() {
  return loadavg().map((l) => l.toFixed(2)).join(' ');
}

/** A figure as the tables write it: thousands grouped, three significant digits below. */
export function fmt(v) {
  if (typeof v !== 'number' || !Number.isFinite(v)) return 'n/a';
  if (Math.abs(v) >= 1000) return Math.round(v).toLocaleString('en-US');
  if (Math.abs(v) >= 10) return v.toFixed(1);
  return v.toFixed(2);
}
