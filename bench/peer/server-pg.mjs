// The stack a team would otherwise write: a Node socket.io server that commits each edit to
// Postgres with `pg` (the shift row and an outbox row, in one transaction) before it
// acknowledges and broadcasts it. Same events and bytes as the bare peer (`server.mjs`) and
// ours; edits of one store are committed one after another (a per-store queue), so its
// versions are gap-free and broadcast in order, as ours are. No group commit: one
// transaction per edit, as `pg` makes natural.
//
//   DATABASE_URL=postgres://... PORT=0 node peer/server-pg.mjs   (prints "listening <port>")
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { chatMessage, joinStore, peerServer } from './shapes.mjs';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  // As many connections as ours opens by default (DATABASE_POOL_SIZE).
  max: Number(process.env.POOL_SIZE || 16),
});

await pool.query(`
  CREATE TABLE IF NOT EXISTS stores (id uuid PRIMARY KEY, version bigint NOT NULL DEFAULT 0);
  CREATE TABLE IF NOT EXISTS shifts (
    id uuid PRIMARY KEY,
    store_id uuid NOT NULL REFERENCES stores (id),
    title text NOT NULL,
    start_at timestamptz NOT NULL,
    end_at timestamptz NOT NULL,
    status text NOT NULL DEFAULT 'draft',
    progress text NOT NULL DEFAULT 'ns',
    assigned uuid,
    assignee_email text,
    role_id uuid,
    open_ended boolean NOT NULL DEFAULT false,
    tasks jsonb NOT NULL DEFAULT '[]',
    rate smallint,
    cancel_reason text,
    version bigint NOT NULL DEFAULT 1,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE IF NOT EXISTS messages (
    store_id uuid NOT NULL REFERENCES stores (id),
    conversation text NOT NULL,
    seq bigint NOT NULL,
    sender text NOT NULL,
    content text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (store_id, conversation, seq)
  );
  CREATE TABLE IF NOT EXISTS store_events (
    store_id uuid NOT NULL REFERENCES stores (id),
    version bigint NOT NULL,
    type text NOT NULL,
    data jsonb NOT NULL,
    at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (store_id, version)
  );
`);

const httpServer = createServer();
const io = peerServer(httpServer);

/** The last committed version of each store this process has seen. */
const versions = new Map();
/** Each store's queue: the promise of its last edit. */
const tails = new Map();

/** Runs `work` after the store's earlier edits (one store's edits commit in order). */
function serially(storeId, work) {
  const next = (tails.get(storeId) ?? Promise.resolve()).then(work);
  const tail = next.catch(() => {});
  tails.set(storeId, tail);
  tail.then(() => {
    if (tails.get(storeId) === tail) tails.delete(storeId);
  });
  return next;
}

/** One transaction: the row (shift or message), the version bump and the outbox row. */
async function commit(storeId, type, row) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query(
      `INSERT INTO stores (id, version) VALUES ($1, 1)
       ON CONFLICT (id) DO UPDATE SET version = stores.version + 1 RETURNING version`,
      [storeId],
    );
    const version = Number(rows[0].version);
    const data = await row(client, version);
    await client.query(
      'INSERT INTO store_events (store_id, version, type, data) VALUES ($1, $2, $3, $4)',
      [storeId, version, type, data],
    );
    await client.query('COMMIT');
    return { version, data };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

const ms = (t) => new Date(t).getTime();

function updateShift(storeId, payload) {
  const shiftId = payload?.shiftId ?? randomUUID();
  const edit = payload?.updatedShift ?? {};
  return commit(storeId, 'shift.updated', async (client) => {
    const now = Date.now();
    const { rows } = await client.query(
      `INSERT INTO shifts (id, store_id, title, start_at, end_at, role_id, tasks)
       VALUES ($1, $2, $3, to_timestamp($4 / 1000.0), to_timestamp($5 / 1000.0),
               '00000000-0000-0000-0000-000000000000', $6)
       ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, tasks = EXCLUDED.tasks,
         version = shifts.version + 1, updated_at = now()
       RETURNING *`,
      [shiftId, storeId, edit.title ?? '', now, now + 8 * 3600_000, JSON.stringify(edit.tasks ?? [])],
    );
    const s = rows[0];
    return {
      id: s.id,
      storeId: s.store_id,
      title: s.title,
      start: ms(s.start_at),
      end: ms(s.end_at),
      status: s.status,
      progress: s.progress,
      assigned: s.assigned,
      assigneeEmail: s.assignee_email,
      role: s.role_id,
      oe: s.open_ended,
      tasks: s.tasks,
      rate: s.rate,
      cancelReason: s.cancel_reason,
      version: Number(s.version),
      timestamp: ms(s.created_at),
      modified: ms(s.updated_at),
    };
  });
}

function sendMessage(storeId, payload, sender) {
  return commit(storeId, 'message.created', async (client, version) => {
    const now = Date.now();
    const conversation = String(payload?.conversationId ?? 'team');
    await client.query(
      'INSERT INTO messages (store_id, conversation, seq, sender, content) VALUES ($1, $2, $3, $4, $5)',
      [storeId, conversation, version, sender, payload?.content ?? ''],
    );
    return chatMessage(storeId, version, payload, sender, now);
  });
}

io.on('connection', (socket) => {
  joinStore(socket, versions);
  socket.on('call', (name, payload, ack) => {
    const storeId = payload?.storeId;
    const run = () =>
      name === 'sendMessage' ? sendMessage(storeId, payload, socket.id) : updateShift(storeId, payload);
    serially(storeId, async () => {
      const { version, data } = await run();
      versions.set(storeId, version);
      // Committed: now acknowledged and broadcast.
      const type = name === 'sendMessage' ? 'message.created' : 'shift.updated';
      io.to(`store:${storeId}`).emit('change', { storeId, version, type, data, at: Date.now() });
      if (typeof ack === 'function') ack({ data });
    }).catch((e) => {
      console.error(`commit failed: ${e.message}`);
      if (typeof ack === 'function') ack({ message: 'commit failed', code: 'internal' });
    });
  });
});

httpServer.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`listening ${httpServer.address().port}`);
});
