// Chat over the realtime protocol with the official client: a message sent on one node reaches
// the team's sockets on the other, a direct conversation's messages reach only its two members,
// a member who dropped off catches up with `since` on the other node, in sequence, and a poll's
// changes, closing and deletion reach every member's socket.
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

test("a poll's author changes, closes and deletes it; every member's socket on both nodes hears each change", async () => {
  const [a, b] = cluster.nodes;
  const boss = await connect(a, team.manager.token);
  const ann = await connect(b, team.ann.token);
  const ben = await connect(a, team.ben.token);
  const surveys = (socket, id) => socket.changes.filter((c) => c.type === 'survey.updated' && c.data.id === id).map((c) => c.data);
  try {
    for (const s of [boss, ann, ben]) await join(s, team.storeId);
    const teamConv = await teamConversation(boss);
    const posted = await socketCall(boss, 'createSurvey', { store: team.storeId, conversationId: teamConv.id, question: 'Pizza on Friday?', mode: 'poll', answers: ['Yes', 'No'] });
    const id = posted.data.survey.id;
    const changed = await socketCall(boss, 'updateSurvey', { store: team.storeId, surveyId: id, action: 'update', question: 'Pizza on Saturday?' });
    assert.equal(changed.data.question, 'Pizza on Saturday?');
    await socketCall(boss, 'updateSurvey', { store: team.storeId, surveyId: id, action: 'close' });
    await socketCall(boss, 'updateSurvey', { store: team.storeId, surveyId: id, action: 'delete' });
    for (const s of [ann, ben]) {
      await until(() => surveys(s, id).some((v) => v.status === 'withdrawn'), 'the deletion');
      assert.deepEqual(
        surveys(s, id).map((v) => [v.question, v.status]),
        [
          ['Pizza on Friday?', 'open'],
          ['Pizza on Saturday?', 'open'],
          ['Pizza on Saturday?', 'closed'],
          ['Pizza on Saturday?', 'withdrawn'],
        ],
      );
    }
    const refused = await socketCall(ann, 'vote', { store: team.storeId, surveyId: id, choices: [0] });
    assert.equal(refused.code, 'cannot_vote');
  } finally {
    for (const s of [boss, ann, ben]) s.close();
  }
});
