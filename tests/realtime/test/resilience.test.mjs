// Killing a node mid-stream: clients edit shifts through node A, which is killed with SIGKILL.
// Every edit that was acknowledged is in the database afterwards, and the clients, reconnected
// to node B with `join` `since`, end with exactly the database's state.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Cluster, query } from '../lib/server.mjs';
import { createTeam, data } from '../lib/api.mjs';
import { connect, join } from '../lib/socket.mjs';

let cluster;
let team;
let shiftIds;
before(async () => {
  cluster = await Cluster.start({ nodes: 2 });
  team = await createTeam(cluster);
  const role = await data(
    cluster.server,
    'createRole',
    { store: team.storeId, roleData: { title: 'Staff', color: '#123456' } },
    team.owner.token,
  );
  shiftIds = [];
  for (let i = 0; i < 3; i++) {
    const start = Date.now() + (4 + i) * 24 * 3600_000;
    const created = await data(
      cluster.server,
      'createShift',
      { storeId: team.storeId, title: `Shift ${i}`, start, end: start + 4 * 3600_000, role: role.id },
      team.owner.token,
    );
    shiftIds.push(created.shifts[0].id);
  }
});
after(() => cluster?.stop());

/** A call over the socket that gives up quickly when the node is gone. */
function quickCall(socket, name, payload) {
  return socket.timeout(2000).emitWithAck('call', name, payload);
}

/** An editor: a socket, its copy of the shifts, and the edits it saw acknowledged. */
async function editor(server, person, shifts) {
  const socket = await connect(server, person.token, { transports: ['websocket'] });
  const copy = new Map(shifts.map((s) => [s.id, s]));
  const state = { socket, copy, version: 0, acked: [] };
  const apply = (c) => {
    if (c.type.startsWith('shift.') && c.data.id) copy.set(c.data.id, c.data);
    state.version = Math.max(state.version, c.version);
  };
  socket.on('change', apply);
  state.apply = apply;
  const joined = await join(socket, team.storeId);
  state.version = joined.data.version;
  return state;
}

async function readShifts(server) {
  const res = await fetch(
    `${server.url}/api/v1/stores/${team.storeId}/shifts?start=${Date.now()}&end=${Date.now() + 30 * 24 * 3600_000}`,
    { headers: { authorization: `Bearer ${team.owner.token}` } },
  );
  return (await res.json()).data;
}

test('acknowledged edits survive a killed node, and clients catch up on the other', async () => {
  const [nodeA, nodeB] = cluster.nodes;
  const initial = await readShifts(nodeA);
  const people = [team.owner, team.manager, team.owner, team.manager];
  const editors = await Promise.all(people.map((p) => editor(nodeA, p, initial)));

  let stop = false;
  const loops = editors.map(async (e, k) => {
    for (let n = 0; !stop; n++) {
      const title = `e${k}-${n}`;
      try {
        const reply = await quickCall(e.socket, 'updateShift', {
          storeId: team.storeId,
          shiftId: shiftIds[(k + n) % shiftIds.length],
          updatedShift: { title },
        });
        if (reply.data) e.acked.push(title);
      } catch {
        return; // the node is gone
      }
    }
  });
  await new Promise((r) => setTimeout(r, 400));
  nodeA.proc.kill('SIGKILL');
  await new Promise((r) => setTimeout(r, 100));
  stop = true;
  await Promise.all(loops);

  const acked = editors.flatMap((e) => e.acked);
  assert.ok(acked.length > 10, `edits were acknowledged before the kill (${acked.length})`);
  const rows = await query(
    cluster.dbUrl,
    `SELECT data->>'title' AS title FROM store_events WHERE store_id = $1 AND kind = 'shift.updated'`,
    [team.storeId],
  );
  const durable = new Set(rows.map((r) => r.title));
  const lost = acked.filter((t) => !durable.has(t));
  assert.deepEqual(lost, [], 'every acknowledged edit is in the database');

  // Each client reconnects to node B and replays what it missed.
  for (const e of editors) {
    e.socket.close();
    const again = await connect(nodeB, people[0].token, { transports: ['websocket'] });
    again.on('change', e.apply);
    const ack = await join(again, team.storeId, e.version);
    assert.ok(!ack.data.resync, 'the gap can be replayed');
    e.socket = again;
  }
  const truth = await readShifts(nodeB);
  for (const e of editors) {
    for (const s of truth) {
      const mine = e.copy.get(s.id);
      assert.equal(mine.title, s.title, 'the same title as the database');
      assert.equal(mine.version, s.version, 'the same version as the database');
    }
    e.socket.close();
  }
});
