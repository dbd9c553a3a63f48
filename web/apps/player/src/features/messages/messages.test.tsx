import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { logout } from '@/lib/session';
import { loginDemo, renderPage, stubApi } from '@/test/wallet';
import { MessageCentre } from './components/MessageCentre';
import { MessagesMenuItem } from './components/MessagesMenuItem';
import { NoticeToasts } from './components/NoticeToasts';
import { useUnreadCount } from './hooks/useUnread';

// The socket module is replaced: tests push events through the handlers the listener subscribed.
const socket = vi.hoisted(() => {
  const handlers = new Map<string, Set<(ev: { type: string; data: unknown; at: number }) => void>>();
  return {
    handlers,
    emit(type: string, data: unknown) {
      for (const h of handlers.get(type) ?? []) h({ type, data, at: Date.now() });
    },
  };
});
vi.mock('@/lib/socket', () => ({
  startSocket: vi.fn(),
  stopSocket: vi.fn(),
  socketOpen: () => false,
  subscribe: vi.fn((type: string, h: never) => {
    let set = socket.handlers.get(type);
    if (!set) socket.handlers.set(type, (set = new Set()));
    set.add(h);
    return () => set.delete(h);
  }),
}));

afterEach(async () => {
  await logout();
  vi.unstubAllGlobals();
  socket.handlers.clear();
});

const msg = (id: number, read: boolean, kind = 'some_future_kind') => ({
  id,
  kind,
  title: `Title ${id}`,
  body: `Body of message ${id}`,
  params: { amount: '100.00', orderNo: `D${id}` },
  read,
  createdAt: new Date(2026, 10, 21, 10, 0, id).getTime(),
});

function Badge() {
  return <output data-testid="count">{useUnreadCount()}</output>;
}

test('the message centre lists messages, marks one read on open, and all read', async () => {
  let list = [msg(3, false), msg(2, false), msg(1, true)];
  const api = stubApi({
    'GET /wps/message/list': () => ({ list, total: list.length, page: 1, pageSize: 10 }),
    'GET /wps/message/unread': () => ({ count: list.filter((m) => !m.read).length }),
    'POST /wps/message/3/read': () => {
      list = list.map((m) => (m.id === 3 ? { ...m, read: true } : m));
      return null;
    },
    'POST /wps/message/read-all': () => {
      list = list.map((m) => ({ ...m, read: true }));
      return null;
    },
  });
  await loginDemo();
  renderPage(
    <>
      <Badge />
      <MessageCentre />
    </>,
  );
  const items = await screen.findAllByTestId('message-item');
  expect(items.map((i) => i.getAttribute('data-read'))).toEqual(['false', 'false', 'true']);
  await waitFor(() => expect(screen.getByTestId('messages-unread-line')).toHaveTextContent('2 unread'));
  await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('2'));

  fireEvent.click(within(items[0]).getByTestId('message-open'));
  expect(within(items[0]).getByTestId('message-body')).toHaveTextContent('Body of message 3');
  await waitFor(() => expect(api.to('POST', '/wps/message/3/read')).toHaveLength(1));
  await waitFor(() => expect(screen.getAllByTestId('message-item')[0]).toHaveAttribute('data-read', 'true'));
  await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('1'));
  // Opening a read message again does not ask the server again.
  fireEvent.click(within(screen.getAllByTestId('message-item')[2]).getByTestId('message-open'));
  expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);

  fireEvent.click(screen.getByTestId('messages-read-all'));
  await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('0'));
  expect(screen.getAllByTestId('message-item').every((i) => i.getAttribute('data-read') === 'true')).toBe(true);
  expect(screen.getByTestId('messages-unread-line')).toHaveTextContent('You have read everything.');
  expect(screen.getByTestId('messages-read-all')).toBeDisabled();
});

test('a kind the storefront knows is worded from its params, not the server text', async () => {
  const offer = { ...msg(9, false, 'contract_offered'), title: 'Bagong alok na kontrata', body: 'server text', params: { contractId: '12', type: 'dividend', upline: 'agent01', downline: 'sub01' } };
  stubApi({
    'GET /wps/message/list': () => ({ list: [offer, msg(8, true)], total: 2, page: 1, pageSize: 10 }),
    'GET /wps/message/unread': () => ({ count: 1 }),
    'POST /wps/message/9/read': () => null,
  });
  await loginDemo();
  renderPage(<MessageCentre />);
  const items = await screen.findAllByTestId('message-item');
  expect(items[0]).toHaveTextContent('New contract offer');
  fireEvent.click(within(items[0]).getByTestId('message-open'));
  expect(within(items[0]).getByTestId('message-body')).toHaveTextContent('New dividend contract offer from agent01 (no. 12).');
  // An unknown kind keeps the server's words.
  expect(items[1]).toHaveTextContent('Title 8');
});

test('empty list and error with retry', async () => {
  let fail = true;
  stubApi({
    'GET /wps/message/list': () => (fail ? { status: 500 } : { list: [], total: 0, page: 1, pageSize: 10 }),
    'GET /wps/message/unread': () => ({ count: 0 }),
  });
  await loginDemo();
  renderPage(<MessageCentre />);
  const retry = await screen.findByRole('button', { name: /try again/i });
  fail = false;
  fireEvent.click(retry);
  expect(await screen.findByText('No messages yet')).toBeInTheDocument();
});

test('trial users never make the unread call', async () => {
  const api = stubApi({ 'GET /wps/message/unread': () => ({ count: 4 }) });
  await loginDemo(4);
  renderPage(<Badge />);
  await new Promise((r) => setTimeout(r, 50));
  expect(screen.getByTestId('count')).toHaveTextContent('0');
  expect(api.to('GET', '/wps/message/unread')).toHaveLength(0);
});

test('the member menu entry shows the count, 99+ beyond 99', async () => {
  stubApi({});
  renderPage(<MessagesMenuItem count={3} onSelect={() => {}} />);
  expect(screen.getByTestId('menu-messages-unread')).toHaveTextContent('3');
  renderPage(<MessagesMenuItem count={120} onSelect={() => {}} />);
  expect(screen.getAllByTestId('menu-messages-unread')[1]).toHaveTextContent('99+');
});

test('a pushed notice shows a toast from kind + params and refreshes the unread count', async () => {
  let count = 0;
  const api = stubApi({
    'GET /wps/message/unread': () => ({ count }),
    'GET /wps/v2/wallets/balance': () => ({ balance: 1_000_000, currency: 'PHP', currencySymbol: '₱', decimals: 2, freePlay: false }),
  });
  await loginDemo();
  const { queryClient } = renderPage(
    <>
      <Badge />
      <NoticeToasts />
    </>,
  );
  queryClient.setQueryData(['wallet', 'balance', 'tok-0'], { balance: 1_000_000, currency: 'PHP', currencySymbol: '₱', decimals: 2, freePlay: false });
  await waitFor(() => expect(api.to('GET', '/wps/message/unread')).toHaveLength(1));
  await waitFor(() => expect(socket.handlers.get('notice')?.size).toBe(1));
  count = 1;
  act(() => socket.emit('notice', { id: 77, kind: 'withdrawal_rejected', params: { amount: '1500.00', currency: 'PHP', orderNo: 'W123', reason: 'Name mismatch' } }));
  const toast = await screen.findByTestId('notice-toast');
  expect(toast).toHaveAttribute('data-kind', 'withdrawal_rejected');
  expect(toast).toHaveTextContent('Withdrawal rejected');
  expect(toast).toHaveTextContent('Your withdrawal of ₱1,500.00 was rejected');
  expect(toast).toHaveTextContent('(order W123). Reason: Name mismatch');
  await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('1'));
  expect(within(toast).getByTestId('notice-toast-open')).toHaveAttribute('href', '/member/messageV2');

  // Dismiss.
  fireEvent.click(within(toast).getByRole('button', { name: /close/i }));
  await waitFor(() => expect(screen.queryByTestId('notice-toast')).toBeNull());
});

test('a socket reconnect asks for the unread count again (notices may have been missed)', async () => {
  const api = stubApi({ 'GET /wps/message/unread': () => ({ count: 2 }) });
  await loginDemo();
  renderPage(
    <>
      <Badge />
      <NoticeToasts />
    </>,
  );
  await waitFor(() => expect(socket.handlers.get('open')?.size).toBe(1));
  await waitFor(() => expect(api.to('GET', '/wps/message/unread')).toHaveLength(1));
  act(() => socket.emit('open', null)); // the first connection after login: nothing missed
  await new Promise((r) => setTimeout(r, 30));
  expect(api.to('GET', '/wps/message/unread')).toHaveLength(1);
  act(() => socket.emit('open', null)); // a reconnect
  await waitFor(() => expect(api.to('GET', '/wps/message/unread')).toHaveLength(2));
});
