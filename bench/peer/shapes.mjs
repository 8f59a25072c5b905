// What both peers share: the socket.io server's settings, joining a store's room and the chat
// message as ours sends it.
import { Server } from 'socket.io';

/** A socket.io server on `httpServer` with our heartbeat and no per-message compression (ours has none). */
export function peerServer(httpServer) {
  return new Server(httpServer, {
    pingInterval: 25000,
    pingTimeout: 20000,
    perMessageDeflate: false,
    httpCompression: false,
  });
}

/** A text message numbered `seq` in its conversation, shaped like ours. */
export function chatMessage(storeId, seq, payload, sender, at) {
  return {
    id: `${storeId}:${seq}`,
    conversation: payload?.conversationId,
    seq,
    sender,
    type: 'text',
    content: payload?.content ?? '',
    replyTo: null,
    action: null,
    modified: false,
    deleted: false,
    timestamp: at,
    reactions: [],
    attachments: [],
    images: [],
    thumbnails: [],
    documents: [],
  };
}

/** `join`: the socket enters the store's room and is told the store's last version in `versions`. */
export function joinStore(socket, versions) {
  socket.on('join', (payload, ack) => {
    const storeId = payload?.storeId;
    socket.join(`store:${storeId}`);
    if (typeof ack === 'function') ack({ data: { version: versions.get(storeId) ?? 0 } });
  });
}
