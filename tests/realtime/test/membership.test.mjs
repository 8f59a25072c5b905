// Membership is the store actor's: a socket `call` is guarded from the actor's working set,
// not by reading the employee tables, and a member deactivated through one node is refused
// on the other node at once (the change reaches that node's actor through the outbox).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { Cluster } from '../lib/server.mjs';
import { createTeam, call, data } from '../lib/api.mjs';
import { connect, join, socketCall } from '../lib/socket.mjs';

let cluster;
let team;
before(async () => {
  cluster = await Cluster.start({ nodes: 2 });
  team = await createTeam(cluster);
});
after(() => cluster?.stop());

const missing = '01900000-0000-7000-8000-000000000000';

test('a socket call is guarded without reading the membership tables', async () => {
  const socket = await connect(cluster.server, team.ann.token);
  try {
    await join(socket, team.storeId);
    // Warm: the store's actor has its working set.
    const first = await socketCall(socket, 'confirmShift', { storeId: team.storeId, shiftId: missing });
    assert.equal(first.code, 'shift_not_found', JSON.stringify(first));

    // Hold every membership table locked against reads: a guard that queried them would
    // wait for the lock, and the call would time out.
    const locker = new pg.Client({ connectionString: cluster.dbUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE employees, roles, invites IN ACCESS EXCLUSIVE MODE');
      for (let i = 0; i < 20; i += 1) {
        const reply = await socketCall(socket, 'confirmShift', {
          storeId: team.storeId,
          shiftId: missing,
        });
        assert.equal(reply.code, 'shift_not_found', JSON.stringify(reply));
      }
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
  } finally {
    socket.close();
  }
});

/**
 * Reads the shift pool: only the guard decides (no command, so nothing checks the store's
 * version on the way).
 */
async function readPool(server, person) {
  const res = await fetch(`${server.url}/api/v1/stores/${team.storeId}/pool`, {
    headers: { authorization: `Bearer ${person.token}` },
  });
  return { status: res.status, body: await res.json() };
}

/** Deactivates `person` through node A, then polls node B for a second until refused. */
async function deactivateAndWatch(person, b) {
  const [a] = cluster.nodes;
  await data(a, 'deactivateEmployee', { store: team.storeId, employeeId: person.employeeId }, team.owner.token);
  const deadline = Date.now() + 1_000;
  let reply;
  do {
    reply = await readPool(b, person);
  } while (reply.status !== 403 && Date.now() < deadline);
  assert.equal(reply.status, 403, JSON.stringify(reply.body));
  assert.equal(reply.body.code, 'employee_deactivated');
}

test('a member deactivated through one node is refused on the other within a second', async () => {
  const b = cluster.nodes[1];
  // Ann acts through node B over HTTP only (no socket there): B's actor knows her as an
  // active member, and only the outbox's announcement can tell it otherwise.
  assert.equal((await readPool(b, team.ann)).status, 200);
  await deactivateAndWatch(team.ann, b);
});

test("a deactivated member's socket on the other node is refused too", async () => {
  const b = cluster.nodes[1];
  const onB = await connect(b, team.ben.token);
  try {
    const joined = await join(onB, team.storeId);
    assert.equal(typeof joined.data?.version, 'number', JSON.stringify(joined));
    const first = await socketCall(onB, 'confirmShift', { storeId: team.storeId, shiftId: missing });
    assert.equal(first.code, 'shift_not_found', JSON.stringify(first));
    await deactivateAndWatch(team.ben, b);
    const after = await socketCall(onB, 'confirmShift', { storeId: team.storeId, shiftId: missing });
    assert.equal(after.code, 'employee_deactivated', JSON.stringify(after));
  } finally {
    onB.close();
  }
});
