// Chat over the realtime protocol with the official client: a message sent on one node reaches
// the team's sockets on the other, a direct conversation's messages reach only its two members,
// and a member who dropped off catches up with `since` on the other node, in sequence.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Cluster } from '../lib/server.mjs';
import { createTeam } from '../lib/api.mjs';
import { connect, join, socketCall, until } from '../lib/socket.mjs';

let cluster;
let team;
before(async () => {
  cluster = await Cluster.start({ nodes: 2 });
  team = await createTeam(cluster);
});
after(() => cluster?.stop());

const messages = (socket) => socket.changes.filter((c) => c.type === 'message.created').map((c) => c.data);

async function teamConversation(socket) {
  const reply = await socketCall(socket, 'sendMessage', { store: team.storeId, conversationId: '00000000-0000-0000-0000-000000000000', content: 'x' });
  assert.equal(reply.code, 'conversation_not_found');
  const list = await fetch(`${cluster.nodes[0].url}/api/v1/stores/${team.storeId}/conversations`, {
    headers: { authorization: `Bearer ${team.ann.token}` },
  }).then((r) => r.json());
  return list.data.find((c) => c.kind === 'team');
}

test('messages reach the team on both nodes; a direct one reaches its two members only', async () => {
  const [a, b] = cluster.nodes;
  const ann = await connect(a, team.ann.token);
  const ben = await connect(b, team.ben.token);
  const boss = await connect(b, team.manager.token);
  try {
    for (const s of [ann, ben, boss]) await join(s, team.storeId);
    const teamConv = await teamConversation(ann);
    const sent = await socketCall(ann, 'sendMessage', { store: team.storeId, conversationId: teamConv.id, content: 'Hello team' });
    assert.equal(sent.data.seq, 1);
    for (const s of [ben, boss]) await until(() => messages(s).some((m) => m.content === 'Hello team'), 'the team message');

    const direct = await socketCall(ann, 'createConversation', { store: team.storeId, kind: 'direct', members: [team.ben.employeeId] });
    await socketCall(ann, 'sendMessage', { store: team.storeId, conversationId: direct.data.id, content: 'Just you' });
    await until(() => messages(ben).some((m) => m.content === 'Just you'), "Ben's direct message");
    await new Promise((r) => setTimeout(r, 300));
    assert.ok(!messages(boss).some((m) => m.content === 'Just you'), 'the manager does not see a direct message');
  } finally {
    for (const s of [ann, ben, boss]) s.close();
  }
});

test('a member who dropped off catches up on the other node, in sequence', async () => {
  const [a, b] = cluster.nodes;
  const ben = await connect(a, team.ben.token);
  const joined = await join(ben, team.storeId);
  const since = joined.data.version;
  const teamConv = await teamConversation(ben);
  ben.close();
  const ann = await connect(a, team.ann.token);
  await join(ann, team.storeId);
  for (let i = 0; i < 5; i++) {
    await socketCall(ann, 'sendMessage', { store: team.storeId, conversationId: teamConv.id, content: `missed ${i}` });
  }
  ann.close();
  const back = await connect(b, team.ben.token);
  try {
    await join(back, team.storeId, since);
    await until(() => messages(back).filter((m) => m.content.startsWith('missed')).length === 5, 'the missed messages');
    const seqs = messages(back).filter((m) => m.conversation === teamConv.id).map((m) => m.seq);
    for (let i = 1; i < seqs.length; i++) assert.equal(seqs[i], seqs[i - 1] + 1, `gap-free: ${seqs}`);
  } finally {
    back.close();
  }
});
