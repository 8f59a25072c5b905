// The reference: a plain Node socket.io server doing what our realtime server does for an
// edit or a chat message, minus the database. A client `join`s a store room; a `call` is acknowledged and its
// change broadcast to the room with a per-store version, shaped like our `change` event.
//
//   PORT=0 node peer/server.mjs      (prints "listening <port>")
import { createServer } from 'node:http';
import { chatMessage, joinStore, peerServer } from './shapes.mjs';

const httpServer = createServer();
const io = peerServer(httpServer);

const versions = new Map();

io.on('connection', (socket) => {
  joinStore(socket, versions);
  socket.on('call', (name, payload, ack) => {
    const storeId = payload?.storeId;
    const version = (versions.get(storeId) ?? 0) + 1;
    versions.set(storeId, version);
    const now = Date.now();
    if (name === 'sendMessage') {
      // A chat message, shaped like ours, numbered in its conversation.
      const seq = version;
      const message = chatMessage(storeId, seq, payload, socket.id, now);
      io.to(`store:${storeId}`).emit('change', { storeId, version, type: 'message.created', data: message, at: now });
      if (typeof ack === 'function') ack({ data: message });
      return;
    }
    const shift = {
      id: payload?.shiftId,
      storeId,
      title: payload?.updatedShift?.title ?? '',
      start: now,
      end: now + 8 * 3600_000,
      status: 'draft',
      progress: 'ns',
      assigned: null,
      assigneeEmail: null,
      role: '00000000-0000-0000-0000-000000000000',
      oe: false,
      // The edit's tasks, echoed as ours echoes them: the same bytes on the wire.
      tasks: payload?.updatedShift?.tasks ?? [],
      rate: null,
      cancelReason: null,
      version,
      timestamp: now,
      modified: now,
    };
    io.to(`store:${storeId}`).emit('change', {
      storeId,
      version,
      type: 'shift.updated',
      data: shift,
      at: now,
    });
    if (typeof ack === 'function') ack({ data: shift });
  });
});

httpServer.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`listening ${httpServer.address().port}`);
});
