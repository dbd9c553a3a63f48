import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '@/test/harness';
import { CatalogEnvProvider } from '../env';
import { brandInfo } from '../fixtures';
import { WinnerBoards } from './WinnerBoards';

const winner = (rank: number, kind: 'BIG' | 'JACKPOT', winAmount: number) => ({
  rank,
  kind,
  time: 1763700000000,
  vo: { customerName: `pl***${rank}`, winAmount, gameName: `Game ${rank}`, iconUrl: `/art/game/${rank}.svg`, nodeId: 100 + rank, vassalage: 'PG', gameType: 'RNG', gameCode: `PG_${rank}` },
});

test('boards show minor-unit amounts with 2 decimals and separators, and launch the game on click', async () => {
  const api = mockApi({
    '/wps/relay/winners': (p) => ({
      list: p.get('kind') === 'BIG' ? [winner(1, 'BIG', 123456789), winner(2, 'BIG', 5)] : [winner(1, 'JACKPOT', 100000000)],
    }),
  });
  const { actions } = renderWithProviders(
    <CatalogEnvProvider brand={brandInfo}>
      <WinnerBoards />
    </CatalogEnvProvider>,
  );
  const big = await screen.findByRole('region', { name: 'Biggest wins' });
  const first = await within(big).findByRole('button', { name: /pl\*\*\*1 won ₱1,234,567\.89 on Game 1/ });
  expect(first).toHaveTextContent('1,234,567.89');
  expect(within(big).getByRole('button', { name: /₱0\.05/ })).toBeInTheDocument();
  const jackpot = screen.getByRole('region', { name: 'Jackpot wins' });
  expect(await within(jackpot).findByText('1,000,000.00')).toBeInTheDocument();
  await userEvent.click(first);
  expect(actions.launch).toHaveBeenCalledWith(expect.objectContaining({ nodeId: 101, vassalage: 'PG', gameCode: 'PG_1' }));
  expect(api.callsTo('/wps/relay/winners').every((c) => c.params.get('language') === 'EN' && c.params.get('limitNum') === '20')).toBe(true);
});

test('boards reload in the new language when it changes', async () => {
  const api = mockApi({ '/wps/relay/winners': () => ({ list: [winner(1, 'BIG', 100)] }) });
  const { i18n } = renderWithProviders(
    <CatalogEnvProvider brand={brandInfo}>
      <WinnerBoards />
    </CatalogEnvProvider>,
  );
  await screen.findAllByText('1.00');
  await act(async () => {
    await i18n.changeLanguage('TY');
  });
  await waitFor(() => expect(api.callsTo('/wps/relay/winners').filter((c) => c.params.get('language') === 'TY')).toHaveLength(2));
});
