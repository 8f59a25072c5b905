// A socket gets each frame as soon as the server writes it: a frame is not held back until the
// client acknowledges the one before (Nagle's algorithm against the client's delayed ACK,
// which holds a write up to 40 ms). An editor that watches its own store gets two frames per
// edit, the answer and the change, one right after the other.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Cluster } from '../lib/server.mjs';
import { createTeam, data } from '../lib/api.mjs';
import { connect, join, socketCall, until } from '../lib/socket.mjs';

let cluster;
let team;
let roleId;
before(async () => {
  cluster = await Cluster.start();
  team = await createTeam(cluster);
  const role = await data(
    cluster.server,
    'createRole',
    { store: team.storeId, roleData: { title: 'Barista', color: '#aa5500' } },
    team.owner.token,
  );
  roleId = role.id;
});
after(() => cluster?.stop());

/** About 4 KB of tasks, as a busy shift carries. */
const tasks = Array.from({ length: 40 }, (_, i) => ({ title: `task ${i} `.padEnd(90, '.') }));

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

test('an editor watching its store gets the answer and the change of each edit together', async () => {
  const editor = await connect(cluster.server, team.manager.token, { transports: ['websocket'] });
  try {
    // When each edit's change arrived, by the edit's title.
    const arrived = new Map();
    editor.on('change', (c) => arrived.set(c.data?.title, performance.now()));
    await join(editor, team.storeId);
    const start = Date.now() + 2 * 24 * 3600_000;
    const created = await socketCall(editor, 'createShift', {
      storeId: team.storeId,
      title: 'Morning',
      start,
      end: start + 6 * 3600_000,
      role: roleId,
    });
    assert.ok(created.data, JSON.stringify(created));
    const shiftId = created.data.shifts[0].id;

    // The server writes both frames of an edit once it is committed; they should arrive
    // together, however long the edit took.
    const gaps = [];
    for (let i = 0; i < 20; i++) {
      const title = `Edit ${i}`;
      const reply = await socketCall(editor, 'updateShift', {
        storeId: team.storeId,
        shiftId,
        updatedShift: { title, tasks },
      });
      const answered = performance.now();
      assert.ok(reply.data, JSON.stringify(reply));
      await until(() => arrived.has(title), title);
      gaps.push(Math.abs(arrived.get(title) - answered));
    }
    const shown = gaps.map((g) => g.toFixed(1)).join(', ');
    assert.ok(median(gaps) < 20, `answers and changes arrived apart by ${shown} ms`);
  } finally {
    editor.close();
  }
});
