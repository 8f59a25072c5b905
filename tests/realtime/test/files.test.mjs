// Files across nodes: a picture uploaded to one node, sent over the socket, reaches a member on
// the other node, who downloads it and its thumbnail there. With `S3_TEST_ENDPOINT` (the test
// command starts an S3-compatible server for it) both nodes keep uploads in one bucket and
// nothing on their disk, as a deployment of several nodes does.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { png } from '../../fixtures/png.mjs';
import { Cluster } from '../lib/server.mjs';
import { createTeam } from '../lib/api.mjs';
import { connect, join as joinStore, socketCall, until } from '../lib/socket.mjs';

const s3 = process.env.S3_TEST_ENDPOINT;
const BUCKET = 'clockto-rt';

let cluster;
let team;
before(async () => {
  let env = {};
  if (s3) {
    // An S3 bucket is made with a bare PUT (the test server takes any credentials).
    const made = await fetch(`${s3}/${BUCKET}`, { method: 'PUT' });
    assert.ok(made.ok || made.status === 409, `bucket: ${made.status}`);
    env = {
      UPLOAD_URL: `s3://${BUCKET}`,
      AWS_ENDPOINT: s3,
      AWS_ALLOW_HTTP: 'true',
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
      AWS_REGION: 'us-east-1',
    };
  }
  cluster = await Cluster.start({ nodes: 2, env });
  team = await createTeam(cluster);
});
after(() => cluster?.stop());

async function upload(node, token, storeId, name, bytes) {
  const form = new FormData();
  form.set('storeId', storeId);
  form.set('file', new Blob([bytes]), name);
  const res = await fetch(`${node.url}/api/v1/files`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: await res.json() };
}

async function download(node, token, path) {
  const res = await fetch(`${node.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

test('a picture sent on one node is seen and downloaded on the other', async () => {
  const [a, b] = cluster.nodes;
  const ann = await connect(a, team.ann.token);
  const ben = await connect(b, team.ben.token);
  try {
    for (const s of [ann, ben]) await joinStore(s, team.storeId);
    const list = await fetch(`${a.url}/api/v1/stores/${team.storeId}/conversations`, { headers: { authorization: `Bearer ${team.ann.token}` } }).then((r) => r.json());
    const conversation = list.data.find((c) => c.kind === 'team');

    const picture = png(400, 300);
    const up = await upload(a, team.ann.token, team.storeId, 'till.jpg', picture);
    assert.equal(up.status, 200, JSON.stringify(up.body));
    assert.equal(up.body.data.type, 'image/png');
    // A page that calls itself a picture is refused on either node.
    const trap = await upload(b, team.ann.token, team.storeId, 'till.jpg', Buffer.from('<html><script>x()</script></html>'));
    assert.equal(trap.body.code, 'file_type_not_allowed');

    const sent = await socketCall(ann, 'sendMessage', { store: team.storeId, conversationId: conversation.id, content: '', attachments: [up.body.data.id] });
    assert.equal(sent.data.type, 'image');
    await until(() => ben.changes.some((c) => c.type === 'message.created' && c.data.id === sent.data.id), "Ben's copy");
    const seen = ben.changes.find((c) => c.data.id === sent.data.id).data;
    assert.deepEqual(seen.images, [up.body.data.url]);

    const full = await download(b, team.ben.token, seen.images[0]);
    assert.equal(full.status, 200);
    assert.equal(full.type, 'image/png');
    assert.ok(full.bytes.equals(picture), 'the same bytes on the other node');
    const thumb = await download(b, team.ben.token, seen.thumbnails[0]);
    assert.equal(thumb.type, 'image/webp');
    assert.equal(thumb.bytes.subarray(8, 12).toString(), 'WEBP');
    assert.equal((await download(b, null, seen.images[0])).status, 401);

    if (s3) {
      assert.equal(existsSync(join(cluster.dir, 'uploads')), false, 'nothing kept on the nodes’ disk');
      const listing = await fetch(`${s3}/${BUCKET}?list-type=2`).then((r) => r.text());
      assert.match(listing, /users\/[0-9a-f-]+\/[0-9a-f]{64}\.png/);
      assert.match(listing, /\.thumb\.webp/);
    }
  } finally {
    ann.close();
    ben.close();
  }
});
