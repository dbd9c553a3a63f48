import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/harness';
import { marqueeItems, NoticeMarquee } from './NoticeMarquee';

const notices = [
  { id: 11, title: 'Maintenance on Sunday', content: '<p>x</p>', time: 1 },
  { id: 12, title: 'New deposit channel', content: '<p>y</p>', time: 2 },
];
const headlines = [{ id: 9, title: 'Welcome to Palaro', time: 3 }];

test('headlines come first, then player notices', () => {
  expect(marqueeItems(headlines, notices).map((i) => i.title)).toEqual(['Welcome to Palaro', 'Maintenance on Sunday', 'New deposit channel']);
});

test('clicking a notice opens the notice modal at that notice index', async () => {
  const { actions } = renderWithProviders(<NoticeMarquee headlines={headlines} notices={notices} />);
  await userEvent.click(screen.getByRole('button', { name: 'New deposit channel' }));
  expect(actions.openNotice).toHaveBeenLastCalledWith(1);
  await userEvent.click(screen.getByRole('button', { name: 'Maintenance on Sunday' }));
  expect(actions.openNotice).toHaveBeenLastCalledWith(0);
  await userEvent.click(screen.getByRole('button', { name: /Welcome to Palaro/ }));
  expect(actions.openNotice).toHaveBeenLastCalledWith(undefined);
  await userEvent.click(screen.getByRole('button', { name: 'View all' }));
  expect(actions.openNotice).toHaveBeenCalledTimes(4);
});

test('nothing renders without notices', () => {
  const { container } = renderWithProviders(<NoticeMarquee headlines={[]} notices={[]} />);
  expect(container).toBeEmptyDOMElement();
});
