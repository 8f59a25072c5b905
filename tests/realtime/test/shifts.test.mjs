// The live schedule: two managers and two employees watch one store while shifts are created,
// edited, published and confirmed, over HTTP and over `call`. Each socket receives exactly the
// shift changes it may see (never another employee's shifts, never a draft), in version
// order, with no gaps; an employee who was away catches up with `since`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Cluster, query } from '../lib/server.mjs';
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
    { store: team.storeId, roleData: { title: 'Barista', color: '#aa5500', swappeable: true } },
    team.owner.token,
  );
  roleId = role.id;
  for (const person of team.employees) {
    await data(
      cluster.server,
      'updateEmployee',
      { store: team.storeId, employeeId: person.employeeId, employee: { roles: [roleId] } },
      team.owner.token,
    );
  }
});
after(() => cluster?.stop());

const DAY = 24 * 3600 * 1000;
const settle = () => new Promise((r) => setTimeout(r, 150));

async function outbox(afterVersion) {
  return query(
    cluster.dbUrl,
    `SELECT version::int AS version, kind, managers_only, user_ids::text[] AS user_ids, data
       FROM store_events WHERE store_id = $1 AND version > $2 ORDER BY version`,
    [team.storeId, afterVersion],
  );
}

function maySee(row, person, manager) {
  if (row.user_ids) return (row.managers_only && manager) || row.user_ids.includes(person.id);
  if (row.managers_only) return manager;
  return true;
}

/** A day's shift for `employeeId`, `days` ahead, made by the manager over the socket. */
async function createShift(socket, employeeId, days, hour) {
  const start = Date.now() + days * DAY + hour * 3600_000;
  const reply = await socketCall(socket, 'createShift', {
    storeId: team.storeId,
    title: 'Morning',
    start,
    end: start + 6 * 3600_000,
    role: roleId,
    assigned: employeeId,
  });
  assert.ok(reply.data, JSON.stringify(reply));
  return reply.data.shifts[0];
}

test('each socket sees exactly the shift changes it may, in order, live', async () => {
  const sockets = await Promise.all(
    team.everyone.map((p, i) =>
      connect(cluster.server, p.token, i % 2 ? {} : { transports: ['websocket'] }),
    ),
  );
  const [ownerSocket, managerSocket, annSocket, benSocket] = sockets;
  try {
    const acks = await Promise.all(sockets.map((s) => join(s, team.storeId)));
    const start = acks[0].data.version;

    const annShift = await createShift(managerSocket, team.ann.employeeId, 3, 8);
    const benShift = await createShift(managerSocket, team.ben.employeeId, 3, 8);
    assert.equal(annShift.status, 'draft');
    // The owner edits over HTTP while the manager edits over the socket.
    await data(
      cluster.server,
      'updateShift',
      { storeId: team.storeId, shiftId: annShift.id, updatedShift: { title: 'Opening', version: 1 } },
      team.owner.token,
    );
    const stale = await socketCall(managerSocket, 'updateShift', {
      storeId: team.storeId,
      shiftId: annShift.id,
      updatedShift: { title: 'Lost edit', version: 1 },
    });
    assert.equal(stale.code, 'stale_shift');
    assert.equal(stale.details.shift.title, 'Opening');

    const published = await socketCall(managerSocket, 'publishShifts', {
      storeId: team.storeId,
      shifts: [annShift.id, benShift.id],
    });
    assert.equal(published.data.shifts.length, 2);

    // Ann sees her shift arrive without asking, and confirms it over her socket.
    await until(
      () => annSocket.changes.some((c) => c.data.id === annShift.id && c.data.status === 'published'),
      "Ann's published shift",
    );
    const confirmed = await socketCall(annSocket, 'confirmShift', {
      storeId: team.storeId,
      shiftId: annShift.id,
    });
    assert.equal(confirmed.data.status, 'confirmed');
    // The managers' boards see the confirmation live.
    for (const s of [ownerSocket, managerSocket]) {
      await until(
        () => s.changes.some((c) => c.data.id === annShift.id && c.data.status === 'confirmed'),
        'the confirmation',
      );
    }
    // Ben's shift moves; only the managers and Ben hear of it.
    await socketCall(managerSocket, 'updateShift', {
      storeId: team.storeId,
      shiftId: benShift.id,
      updatedShift: { start: benShift.start + 3600_000, end: benShift.end + 3600_000 },
    });

    const rows = await outbox(start);
    assert.deepEqual(
      rows.map((r) => r.version),
      rows.map((_, i) => start + 1 + i),
      'the outbox is gap-free',
    );
    await settle();
    for (const [i, person] of team.everyone.entries()) {
      const expected = rows.filter((r) => maySee(r, person, i < 2)).map((r) => r.version);
      await until(() => sockets[i].changes.length >= expected.length, `${person.name}'s changes`);
      await settle();
      assert.deepEqual(
        sockets[i].changes.map((c) => c.version),
        expected,
        `${person.name} receives exactly what they may see, in order`,
      );
    }
    for (const [socket, own] of [
      [annSocket, annShift.id],
      [benSocket, benShift.id],
    ]) {
      const shifts = socket.changes.filter((c) => c.type.startsWith('shift.'));
      assert.ok(shifts.length >= 2, 'the employee saw their shift go live');
      assert.ok(shifts.every((c) => c.data.id === own), 'never another employee\'s shift');
      assert.ok(shifts.every((c) => c.data.status !== 'draft'), 'never a draft');
    }
    assert.equal(
      ownerSocket.changes.filter((c) => c.type === 'shift.created').length,
      2,
      'managers see the drafts being made',
    );
  } finally {
    for (const s of sockets) s.close();
  }
});

test('an employee who was away replays the shift changes meant for them', async () => {
  const away = await connect(cluster.server, team.ben.token, { transports: ['websocket'] });
  const since = (await join(away, team.storeId)).data.version;
  away.close();

  const managerSocket = await connect(cluster.server, team.manager.token);
  try {
    await join(managerSocket, team.storeId);
    const draft = await createShift(managerSocket, team.ben.employeeId, 5, 9);
    const other = await createShift(managerSocket, team.ann.employeeId, 5, 9);
    await socketCall(managerSocket, 'publishShifts', {
      storeId: team.storeId,
      shifts: [draft.id, other.id],
    });
    const back = await connect(cluster.server, team.ben.token);
    try {
      const ack = await join(back, team.storeId, since);
      assert.ok(!ack.data.resync);
      const replayed = back.changes.filter((c) => c.type.startsWith('shift.'));
      assert.deepEqual(
        replayed.map((c) => [c.data.id, c.data.status]),
        [[draft.id, 'published']],
        'only his shift, once published',
      );
    } finally {
      back.close();
    }
  } finally {
    managerSocket.close();
  }
});

test('a drop, a grab and the approval reach the dropper, the grabber and the manager live', async () => {
  const [managerSocket, annSocket, benSocket] = await Promise.all(
    [team.manager, team.ann, team.ben].map((p) => connect(cluster.server, p.token)),
  );
  const sockets = [managerSocket, annSocket, benSocket];
  try {
    await Promise.all(sockets.map((s) => join(s, team.storeId)));
    const shift = await createShift(managerSocket, team.ann.employeeId, 6, 10);
    await socketCall(managerSocket, 'publishShifts', { storeId: team.storeId, shifts: [shift.id] });

    const seen = (socket, predicate, what) => until(() => socket.changes.some(predicate), what);
    const request = (status) => (c) =>
      c.type.startsWith('request.') && c.data.shift === shift.id && c.data.status === status;

    const dropped = await socketCall(annSocket, 'dropShift', { store: team.storeId, shift: shift.id });
    assert.equal(dropped.data.request.status, 'pending', JSON.stringify(dropped));
    for (const s of sockets) await seen(s, request('pending'), 'the drop');
    await seen(managerSocket, (c) => c.data.id === shift.id && c.data.status === 'dropped', 'dropped');

    const grabbed = await socketCall(benSocket, 'grabShift', {
      storeId: team.storeId,
      dropReuestId: dropped.data.request.id,
    });
    assert.equal(grabbed.data.request.status, 'grabbed', JSON.stringify(grabbed));
    for (const s of sockets) await seen(s, request('grabbed'), 'the grab');

    const approved = await socketCall(managerSocket, 'approveGrabShift', {
      storeId: team.storeId,
      requestId: dropped.data.request.id,
    });
    assert.equal(approved.data.shift.assigned, team.ben.employeeId, JSON.stringify(approved));
    for (const s of sockets) await seen(s, request('accepted'), 'the approval');
    const nowBens = (c) => c.data.id === shift.id && c.data.assigned === team.ben.employeeId;
    await seen(benSocket, nowBens, 'the shift becoming Ben\'s');
    await seen(annSocket, nowBens, 'Ann learning it is no longer hers');
    // Each was notified privately; no one else's notifications leak.
    await seen(benSocket, (c) => c.type === 'notification.created', "Ben's notification");
    assert.ok(
      benSocket.changes
        .filter((c) => c.type === 'notification.created')
        .every((c) => c.data.accessFor === team.ben.id || c.data.accessFor == null),
    );
    // The same notification arrives as a `notification` event, for the client to show.
    await until(
      () => benSocket.notifications.some((n) => n.title === 'Shift is yours'),
      "Ben's notification event",
    );
    assert.ok(benSocket.notifications.every((n) => n.accessFor === team.ben.id || n.accessFor == null));
    assert.ok(!managerSocket.notifications.some((n) => n.title === 'Shift is yours'));
  } finally {
    for (const s of sockets) s.close();
  }
});

test('a shift opened by approved time off reaches colleagues live, and the first to take it gets it', async () => {
  const [managerSocket, annSocket, benSocket] = await Promise.all(
    [team.manager, team.ann, team.ben].map((p) => connect(cluster.server, p.token)),
  );
  const sockets = [managerSocket, annSocket, benSocket];
  try {
    await Promise.all(sockets.map((s) => join(s, team.storeId)));
    const shift = await createShift(managerSocket, team.ann.employeeId, 8, 10);
    await socketCall(managerSocket, 'publishShifts', { storeId: team.storeId, shifts: [shift.id] });
    const seen = (socket, predicate, what) => until(() => socket.changes.some(predicate), what);
    const isOpen = (c) =>
      c.type === 'shift.updated' && c.data.id === shift.id && c.data.assigned == null;
    // Ben never saw Ann's shift; he must not until it is open.
    await settle();
    assert.ok(!benSocket.changes.some((c) => c.data?.id === shift.id));

    const timeOff = await socketCall(annSocket, 'requestTimeOff', {
      store: team.storeId,
      start: shift.start,
      end: shift.start,
      entireDay: true,
    });
    assert.ok(timeOff.data, JSON.stringify(timeOff));
    const approved = await socketCall(managerSocket, 'approveTimeOff', {
      storeId: team.storeId,
      requestId: timeOff.data.id,
    });
    assert.equal(approved.data.shifts[0].status, 'published', JSON.stringify(approved));
    for (const s of sockets) await seen(s, isOpen, 'the shift opening');

    const taken = await socketCall(benSocket, 'takeOpenShift', {
      storeId: team.storeId,
      shiftId: shift.id,
    });
    assert.equal(taken.data.assigned, team.ben.employeeId, JSON.stringify(taken));
    const late = await socketCall(annSocket, 'takeOpenShift', {
      storeId: team.storeId,
      shiftId: shift.id,
    });
    assert.equal(late.message, 'Someone else took this shift first.', JSON.stringify(late));
    const nowBens = (c) => c.data.id === shift.id && c.data.assigned === team.ben.employeeId;
    for (const s of sockets) await seen(s, nowBens, 'the shift becoming Ben\'s');
  } finally {
    for (const s of sockets) s.close();
  }
});
