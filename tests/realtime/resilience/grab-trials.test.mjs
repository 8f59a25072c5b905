// One hundred trials of colleagues grabbing one dropped shift at the same moment through two
// server processes: each trial has exactly one winner; everyone else gets a 409.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Cluster } from '../lib/server.mjs';
import { addMember, call, createTeam, data } from '../lib/api.mjs';

const TRIALS = Number(process.env.GRAB_TRIALS || 100);
const GRABBERS = 6;

let cluster;
let team;
let roleId;
let grabbers;
before(async () => {
  cluster = await Cluster.start({ nodes: 2 });
  team = await createTeam(cluster);
  const role = await data(
    cluster.server,
    'createRole',
    { store: team.storeId, roleData: { title: 'Staff', color: '#123456', swappeable: true } },
    team.owner.token,
  );
  roleId = role.id;
  grabbers = [];
  for (let i = 0; i < GRABBERS; i++) grabbers.push(await addMember(cluster, team.owner, team.storeId, `G${i}`));
  for (const p of [team.ann, ...grabbers]) {
    await data(
      cluster.server,
      'updateEmployee',
      { store: team.storeId, employeeId: p.employeeId, employee: { roles: [roleId] } },
      team.owner.token,
    );
  }
});
after(() => cluster?.stop());

test(`${TRIALS} trials of simultaneous grabs across two nodes each have exactly one winner`, async () => {
  const [a, b] = cluster.nodes;
  const winners = new Map();
  for (let t = 0; t < TRIALS; t++) {
    const start = Date.now() + (2 + t) * 24 * 3600_000;
    const created = await data(
      a,
      'createShift',
      { storeId: team.storeId, title: `Trial ${t}`, start, end: start + 3600_000, role: roleId, assigned: team.ann.employeeId },
      team.owner.token,
    );
    const shift = created.shifts[0];
    await data(b, 'publishShifts', { storeId: team.storeId, shifts: [shift.id] }, team.owner.token);
    const dropped = await data(a, 'dropShift', { store: team.storeId, shift: shift.id }, team.ann.token);
    const replies = await Promise.all(
      grabbers.map((g, i) =>
        call(i % 2 ? b : a, 'grabShift', { storeId: team.storeId, dropReuestId: dropped.request.id }, g.token),
      ),
    );
    const won = replies.filter((r) => r.status === 200);
    assert.equal(won.length, 1, `trial ${t}: one winner (${replies.map((r) => r.status)})`);
    for (const r of replies.filter((x) => x.status !== 200)) {
      assert.equal(r.status, 409, `trial ${t}: ${JSON.stringify(r.body)}`);
    }
    const who = won[0].body.data.request.grabbedBy;
    winners.set(who, (winners.get(who) ?? 0) + 1);
  }
  console.log(`winners over ${TRIALS} trials: ${[...winners.values()].join(', ')}`);
});
