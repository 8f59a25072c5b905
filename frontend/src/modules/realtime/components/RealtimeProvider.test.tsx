import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { useStoreSocket } from '../hooks/useStoreSocket';
import { RealtimeProvider } from './RealtimeProvider';

/** What the provider asked of its socket, in order. */
const asked: string[] = [];

// The socket's protocol is tested against a real Socket.IO server (StoreSocket.test.ts); here
// only what the provider asks of it, and when.
vi.mock('../StoreSocket', () => ({
  StoreSocket: class {
    onStatus = () => () => {};
    onPresence = () => () => {};
    onSessionEnded = () => () => {};
    join(storeId: string, since?: number) {
      asked.push(`join ${storeId} since ${since}`);
      return Promise.resolve(null);
    }
    leave() {
      asked.push('leave');
    }
    close() {
      asked.push('close');
    }
  },
}));

/** Says whether the app has its socket yet. */
function Probe() {
  return <p>{useStoreSocket() ? 'socket open' : 'no socket'}</p>;
}

function tree(storeId: string | null, storeReadAt: number | null) {
  return (
    <Provider>
      <RealtimeProvider token="tok" storeId={storeId} storeReadAt={storeReadAt}>
        <Probe />
      </RealtimeProvider>
    </Provider>
  );
}

describe('RealtimeProvider', () => {
  beforeEach(() => {
    asked.length = 0;
  });

  it('joins once the store has been read, asking for every change since that read', async () => {
    const { rerender, unmount } = render(tree('s1', null));
    // The socket opens, but nothing is joined before the store's read has answered.
    await screen.findByText('socket open');
    expect(asked).toEqual([]);
    rerender(tree('s1', 7));
    await waitFor(() => expect(asked).toEqual(['join s1 since 7']));
    // A later read of the same store does not join again: the socket keeps its own version.
    // (The render runs its effects before it returns.)
    rerender(tree('s1', 9));
    expect(asked).toEqual(['join s1 since 7']);
    // Another store: the old one is left, and the new one joined after its own read.
    rerender(tree('s2', null));
    await waitFor(() => expect(asked).toEqual(['join s1 since 7', 'leave']));
    rerender(tree('s2', 3));
    await waitFor(() => expect(asked).toEqual(['join s1 since 7', 'leave', 'join s2 since 3']));
    unmount();
    expect(asked.slice(-2).sort()).toEqual(['close', 'leave']);
  });
});
