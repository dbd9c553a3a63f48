// A cancelled round (its bet refunded) reads as cancelled everywhere the
// player sees it: the recall list says Cancelled instead of a win, the
// details give its status and no win, nothing is replayed, and the verifier
// opened from it says the draw paid nothing.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { Round } from '../api';
import { CONFIG, mockInhouse, reducedMotion, renderOriginals } from '../testkit';
import { VerifierFromQuery } from '../verify/VerifierPage';
import { RoundHistory } from './RoundHistory';

const v = JSON.parse(readFileSync(resolve(__dirname, '../../../../../../../docs/games/vectors.json'), 'utf8')).vectors[0];

const cancelled: Round = {
  id: 41,
  game: 'dice',
  status: 'CANCELLED',
  amount: 400,
  win: 0,
  multiplier: 0,
  currency: 'PHP',
  params: { target: v.dice.target, over: v.dice.over },
  outcome: { roll: v.dice.roll },
  fair: { serverSeedHash: v.serverSeedHash, serverSeed: v.serverSeed, clientSeed: v.clientSeed, nonce: v.nonce },
  createdAt: '2026-11-20T08:00:00Z',
  endedAt: '2026-11-20T08:00:01Z',
};
const settled: Round = { ...cancelled, id: 40, status: 'COMPLETED', win: 396, multiplier: 9900, outcome: { roll: v.dice.roll, win: true } };

beforeEach(() => reducedMotion());
afterEach(() => vi.unstubAllGlobals());

// jsdom on a busy two-core machine: the first render of the page takes seconds.
const SLOW = 30_000;

test('recall shows a cancelled round as Cancelled, with its status and no win', async () => {
  mockInhouse({ 'GET /wps/inhouse/rounds': { list: [cancelled, settled], total: 2 } });
  renderOriginals(<RoundHistory token="tok" />);
  const rows = await screen.findAllByTestId('history-round');
  expect(within(rows[0]).getByTestId('history-result')).toHaveTextContent(/^Cancelled$/);
  expect(within(rows[1]).getByTestId('history-result')).toHaveTextContent('+3.96');

  fireEvent.click(within(rows[0]).getByRole('button', { expanded: false }));
  const details = within(rows[0]);
  expect(details.getByText('Status').nextElementSibling).toHaveTextContent('Cancelled');
  expect(details.getByText('The bet was refunded: nothing was won or lost.')).toBeInTheDocument();
  expect(details.queryByText('Win')).toBeNull();
  expect(details.queryByText('Multiplier')).toBeNull();
  expect(details.queryByTestId('history-replay')).toBeNull();
  expect(details.getByTestId('history-verify').getAttribute('href')).toContain('cancelled=1');

  fireEvent.click(within(rows[1]).getByRole('button', { expanded: false }));
  expect(within(rows[1]).getByText('Status').nextElementSibling).toHaveTextContent('Settled');
}, SLOW);

test('the verifier opened from a cancelled round says it paid nothing', async () => {
  mockInhouse({ 'GET /wps/inhouse/config': CONFIG });
  const href = `game=dice&serverSeed=${v.serverSeed}&serverSeedHash=${v.serverSeedHash}&clientSeed=${v.clientSeed}&nonce=${v.nonce}&target=${v.dice.target}&over=${v.dice.over}&expect=${v.dice.roll}&cancelled=1`;
  renderOriginals(<VerifierFromQuery query={href} />);
  await waitFor(() => expect(screen.getByTestId('verify-outcome')).toBeInTheDocument());
  expect(screen.getByTestId('verify-cancelled')).toHaveTextContent('This round was cancelled and its bet refunded');
  expect(screen.getByTestId('verify-outcome')).toHaveTextContent('Cancelled');
  expect(screen.getByTestId('verify-outcome')).not.toHaveTextContent('You win');
  expect(screen.getByTestId('verify-outcome')).not.toHaveTextContent('No luck');
}, SLOW);
