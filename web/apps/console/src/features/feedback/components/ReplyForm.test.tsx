import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { mockApi, renderWith } from '@/test/harness';
import { FeedbackDetail } from './FeedbackDetail';
import type { FeedbackItem } from '../api/feedback';

afterEach(() => vi.unstubAllGlobals());

const item: FeedbackItem = {
  id: 7,
  memberId: 42,
  account: 'juan01',
  sender: '',
  type: 1,
  typeName: 'deposit',
  content: 'My deposit of 500 has not arrived after an hour.',
  ip: '203.0.113.9',
  userAgent: 'Firefox',
  status: 'NEW',
  reply: '',
  repliedBy: 0,
  repliedAt: 0,
  closedAt: 0,
  createdAt: 1_790_000_000_000,
};

test('checks the reply like the server (1 to 1000 characters after trimming) before sending anything', async () => {
  const api = mockApi({ 'GET /ops/v1/feedback/7': () => ({ value: item }) });
  renderWith(<FeedbackDetail id={7} canReply />);
  const box = await screen.findByRole('textbox', { name: 'Your reply to the player' });
  expect(screen.getByText(item.content)).toBeInTheDocument();
  await userEvent.type(box, '   ');
  await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
  expect(await screen.findByText('Write a reply of 1 to 1000 characters.')).toBeInTheDocument();
  expect(box).toHaveAttribute('aria-invalid', 'true');
  fireEvent.change(box, { target: { value: 'x'.repeat(1001) } });
  expect(screen.getByText('1001/1000')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
  expect(await screen.findByText('Write a reply of 1 to 1000 characters.')).toBeInTheDocument();
  expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
});

test('sends the trimmed reply and shows it as sent', async () => {
  const api = mockApi({
    'GET /ops/v1/feedback/7': () => ({ value: item }),
    'POST /ops/v1/feedback/7/reply': (body) => ({ value: { ...item, status: 'ANSWERED', reply: (body as { text: string }).text, repliedAt: 1_790_000_100_000 } }),
  });
  renderWith(<FeedbackDetail id={7} canReply />);
  await userEvent.type(await screen.findByRole('textbox', { name: 'Your reply to the player' }), '  We credited it.  ');
  await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
  await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ text: 'We credited it.' }));
  expect(await screen.findByText('We credited it.')).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Your reply to the player' })).not.toBeInTheDocument();
  expect(screen.getByText('Answered')).toBeInTheDocument();
});

test("shows the server's refusal in the operator's language", async () => {
  mockApi({
    'GET /ops/v1/feedback/7': () => ({ value: item }),
    'POST /ops/v1/feedback/7/reply': () => ({ status: 409, code: 'feedback.already_answered' }),
  });
  renderWith(<FeedbackDetail id={7} canReply />);
  await userEvent.type(await screen.findByRole('textbox', { name: 'Your reply to the player' }), 'Hello');
  await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This feedback has been answered already.');
});

test('a visitor cannot be answered here, and a role without feedback.reply only reads', async () => {
  mockApi({ 'GET /ops/v1/feedback/7': () => ({ value: { ...item, memberId: 0, account: '', sender: 'juan@example.com' } }) });
  const { unmount } = renderWith(<FeedbackDetail id={7} canReply />);
  expect(await screen.findByText('A visitor sent this: reply through the contact they left (juan@example.com).')).toBeInTheDocument();
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  unmount();
  mockApi({ 'GET /ops/v1/feedback/7': () => ({ value: item }) });
  renderWith(<FeedbackDetail id={7} canReply={false} />);
  expect(await screen.findByText('Your role may read feedback but not answer it.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Close feedback' })).not.toBeInTheDocument();
});
