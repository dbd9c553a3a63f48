import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '@/test/harness';
import { game } from '../fixtures';
import { GameGrid } from './Grids';

test('a visitor pressing the favourite star gets the not-logged-in prompt and nothing is sent', async () => {
  const api = mockApi({});
  const { actions } = renderWithProviders(<GameGrid games={[game(1, { nodeName: 'Lucky Lanterns', isHot: 1 })]} />);
  await userEvent.click(screen.getByRole('button', { name: 'Add Lucky Lanterns to favourites' }));
  expect(actions.requireLogin).toHaveBeenCalledTimes(1);
  expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  expect(screen.getByText('HOT')).toBeInTheDocument();
});

test('play-now launches the game; a broken image falls back to the default icon', async () => {
  mockApi({});
  const g = game(7, { nodeName: 'Dragon Gate', vassalage: 'JL', gameCode: 'JL_7' });
  const { actions, container } = renderWithProviders(<GameGrid games={[g]} eagerCount={0} />);
  await userEvent.click(screen.getByRole('button', { name: 'Play Dragon Gate' }));
  expect(actions.launch).toHaveBeenCalledWith(expect.objectContaining({ nodeId: 7, vassalage: 'JL', gameType: 'RNG', gameCode: 'JL_7' }));
  const img = container.querySelector('img')!;
  expect(img).toHaveAttribute('loading', 'lazy');
  expect(img).toHaveAttribute('width', '240');
  img.dispatchEvent(new Event('error'));
  expect(await screen.findByRole('heading', { name: 'Dragon Gate' })).toBeInTheDocument();
  expect(container.querySelector('img')).toBeNull();
  expect(container.querySelector('svg.cat-tile__fallback')).not.toBeNull();
});

test('a game under maintenance cannot be launched', async () => {
  mockApi({});
  const { actions } = renderWithProviders(<GameGrid games={[game(3, { nodeName: 'Closed Game', maintenance: true })]} />);
  expect(screen.getByRole('status')).toHaveTextContent('Under maintenance');
  expect(screen.getByRole('button', { name: 'Play Closed Game', hidden: true })).toBeDisabled();
  expect(actions.launch).not.toHaveBeenCalled();
});
