// Starting real server processes on a fresh database.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../../..');

/** The admin URL databases are created with. */
export const adminUrl =
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** The server binary (`cargo build -p backend` output). */
export const serverBinary =
  process.env.BACKEND_BIN || join(repo, 'target', 'debug', 'backend');

function urlFor(db) {
  const url = new URL(adminUrl);
  url.pathname = `/${db}`;
  return url.toString();
}

async function admin(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Runs one query against a database and returns its rows. */
export async function query(url, sql, params = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** One running server process. */
export class Server {
  constructor(proc, port) {
    this.proc = proc;
    this.port = port;
    this.url = `http://127.0.0.1:${port}`;
  }

  /** Stops the process and waits for it to exit. */
  async stop() {
    if (this.proc.exitCode !== null || this.proc.signalCode !== null) return;
    const exited = new Promise((res) => this.proc.once('exit', res));
    this.proc.kill('SIGTERM');
    const timer = setTimeout(() => this.proc.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
}

function startServer(env) {
  return new Promise((resolveStart, reject) => {
    const proc = spawn(serverBinary, [], {
      env: { ...process.env, NO_COLOR: '1', RUST_LOG: 'warn,backend=info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    const onData = (chunk) => {
      log += chunk.toString();
      const m = log.match(/listening\s+port=(\d+)/);
      if (m) {
        proc.stdout.off('data', onData);
        proc.stderr.off('data', onData);
        // Keep draining so a chatty server never blocks on a full pipe.
        proc.stdout.resume();
        proc.stderr.resume();
        resolveStart(new Server(proc, Number(m[1])));
      }
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    proc.once('exit', (code) => reject(new Error(`server exited (${code}):\n${log}`)));
    proc.once('error', reject);
  });
}

/**
 * A fresh database with `nodes` server processes on it (sharing the JWT secret and mail
 * directory, as nodes of one deployment do).
 */
export class Cluster {
  static async start({ nodes = 1, env = {} } = {}) {
    const db = `rt_${randomBytes(6).toString('hex')}`;
    await admin(`CREATE DATABASE ${db}`);
    const dir = mkdtempSync(join(tmpdir(), 'clockto-rt-'));
    const cluster = new Cluster(db, dir);
    const shared = {
      DATABASE_URL: cluster.dbUrl,
      BIND: '127.0.0.1:0',
      JWT_SECRET: randomBytes(24).toString('hex'),
      DATA_DIR: dir,
      MAIL_DIR: join(dir, 'mail'),
      STATIC_DIR: join(dir, 'static'),
      DATABASE_POOL_SIZE: '8',
      ...env,
    };
    try {
      // The first node migrates the database; the others start after it.
      cluster.nodes.push(await startServer(shared));
      for (let i = 1; i < nodes; i++) cluster.nodes.push(await startServer(shared));
    } catch (e) {
      await cluster.stop();
      throw e;
    }
    return cluster;
  }

  constructor(db, dir) {
    this.db = db;
    this.dir = dir;
    this.dbUrl = urlFor(db);
    this.nodes = [];
  }

  /** The first node. */
  get server() {
    return this.nodes[0];
  }

  /** Every mail sent so far to `to`, oldest first. */
  mailsTo(to) {
    const mailDir = join(this.dir, 'mail');
    let files = [];
    try {
      files = readdirSync(mailDir).filter((f) => f.endsWith('.eml')).sort();
    } catch {
      return [];
    }
    return files
      .map((f) => readFileSync(join(mailDir, f), 'utf8'))
      .filter((text) => text.toLowerCase().includes(to.toLowerCase()));
  }

  async stop() {
    await Promise.all(this.nodes.map((n) => n.stop()));
    await admin(`DROP DATABASE IF EXISTS ${this.db} WITH (FORCE)`).catch(() => {});
    rmSync(this.dir, { recursive: true, force: true });
  }
}
