// Postgres's own load generator, for what a commit costs on this machine's Postgres and disk
// with no server of ours in the way (lib/notify.mjs, lib/limits.mjs).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Runs a pgbench script over `clients` connections for `seconds`: transactions per second
 * and, when `latencies` is set, every transaction's latency in ms (from pgbench's log).
 * `prepared` sends each statement as a prepared one, as a server with a statement cache does.
 */
export function pgbench(url, script, { clients, seconds, latencies = false, prepared = false }) {
  const dir = mkdtempSync(join(tmpdir(), 'clockto-pgbench-'));
  try {
    const file = join(dir, 'script.sql');
    writeFileSync(file, script);
    const args = ['-n', '-f', file, '-c', String(clients), '-j', String(Math.min(2, clients)), '-T', String(seconds)];
    if (prepared) args.push('-M', 'prepared');
    if (latencies) args.push('--log', `--log-prefix=${join(dir, 'tx')}`);
    const out = execFileSync('pgbench', [...args, url], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const m = out.match(/tps = ([\d.]+)/);
    const result = { tps: m ? Number(m[1]) : NaN, latenciesMs: [] };
    if (latencies) {
      // One file per pgbench thread; a line is `client transaction latency_us script epoch us`.
      for (const log of readdirSync(dir).filter((f) => f.startsWith('tx.'))) {
        for (const line of readFileSync(join(dir, log), 'utf8').split('\n')) {
          const us = Number(line.split(' ')[2]);
          if (Number.isFinite(us) && line) result.latenciesMs.push(us / 1000);
        }
      }
    }
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
