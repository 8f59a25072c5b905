// HAProxy in front of our nodes, as a deployment would put it: started here as a child
// process with a configuration written to a temporary directory, on a free port, so no
// system service is involved. Debian's `haproxy` package (scripts/bench-lb.sh installs it).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuMs, freePort } from './targets.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** How often HAProxy asks each node's `/ready`, in ms; one answer marks it down or up. */
export const CHECK_MS = 500;

/**
 * The configuration. Round robin spreads new connections; a WebSocket is one TCP connection,
 * so it stays on its node, and the `clockto_node` cookie keeps a long-polling client's
 * requests on one node (the web app falls back to polling where WebSockets are refused).
 * `/ready` is checked every CHECK_MS: a draining node answers 503 and leaves the rotation at
 * the next check. A request a draining node refuses (503) or that cannot connect is tried once
 * more on another node (`retry-on` with `redispatch`): a socket's upgrade request is a GET,
 * safe to repeat. `timeout tunnel` bounds an idle WebSocket instead of `timeout client`;
 * Engine.IO's pings (every 25 s) keep a live one busy.
 */
function config({ port, nodes, stats }) {
  return `global
    maxconn 8000
    stats socket ${stats} mode 600 level admin

defaults
    mode http
    timeout connect 2s
    timeout client 30s
    timeout server 30s
    timeout tunnel 1h
    timeout http-keep-alive 10s
    option http-server-close
    retries 2
    retry-on conn-failure empty-response 503
    option redispatch 1

frontend clockto
    bind 127.0.0.1:${port}
    maxconn 8000
    default_backend nodes

backend nodes
    balance roundrobin
    cookie clockto_node insert indirect nocache
    option httpchk
    http-check send meth GET uri /ready
    http-check expect status 200
    default-server inter ${CHECK_MS} fall 1 rise 1 maxconn 8000
${nodes.map((n, i) => `    server node${i + 1} 127.0.0.1:${n.port} check cookie node${i + 1}`).join('\n')}
`;
}

/** HAProxy balancing `nodes` (each with its `port`), listening on a free port. */
export class Balancer {
  constructor(nodes) {
    this.nodes = nodes;
  }

  async start() {
    this.dir = mkdtempSync(join(tmpdir(), 'clockto-haproxy-'));
    this.stats = join(this.dir, 'stats.sock');
    const port = await freePort();
    const file = join(this.dir, 'haproxy.cfg');
    writeFileSync(file, config({ port, nodes: this.nodes, stats: this.stats }));
    // -db: stay in the foreground, a child of this process; its warnings go to our stderr.
    this.proc = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'inherit'] });
    this.pid = this.proc.pid;
    this.base = `http://127.0.0.1:${port}`;
    const exited = new Promise((_, reject) => {
      this.proc.once('exit', (code) => reject(new Error(`haproxy exited (${code})`)));
    });
    exited.catch(() => {});
    await Promise.race([exited, this.waitUp(this.nodes.map((_, i) => i))]);
  }

  /** What `show stat` says of each node: `UP`, `DOWN` and so on, by server name. */
  async states() {
    const text = await new Promise((resolve, reject) => {
      let out = '';
      const c = createConnection(this.stats, () => c.write('show stat\n'));
      c.on('data', (d) => {
        out += d;
      });
      c.on('end', () => resolve(out));
      c.on('error', reject);
    });
    const [head, ...rows] = text.replace(/^# /, '').trim().split('\n');
    const columns = head.split(',');
    const name = columns.indexOf('svname');
    const status = columns.indexOf('status');
    return new Map(rows.map((r) => r.split(',')).map((r) => [r[name], r[status]]));
  }

  /** Resolves once HAProxy counts the nodes of these indexes as up. */
  async waitUp(indexes, ms = 20000) {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      try {
        const states = await this.states();
        if (indexes.every((i) => states.get(`node${i + 1}`) === 'UP')) return;
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    throw new Error(`haproxy did not see nodes ${indexes.map((i) => i + 1).join(', ')} up`);
  }

  /** CPU ms HAProxy has used. */
  cpuMs() {
    return cpuMs(this.pid);
  }

  async stop() {
    if (this.proc.exitCode === null && this.proc.signalCode === null) {
      const exited = new Promise((r) => this.proc.once('exit', r));
      this.proc.kill('SIGTERM');
      await exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
