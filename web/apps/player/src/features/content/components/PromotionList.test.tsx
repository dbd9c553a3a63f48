import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/harness';
import type { Promotion } from '../api/announcements';
import { PromotionList } from './PromotionList';

const promo = (id: number, category: string, content = '<p>Terms</p>'): Promotion => ({
  id,
  title: `Promo ${id}`,
  summary: `Summary ${id}`,
  content,
  category,
  announcementImages: [{ url: `/art/promo/${id}.svg`, sequence: 1 }],
  startTime: 0,
  endTime: 0,
});

test('filters by category and expands sanitised details', async () => {
  renderWithProviders(
    <PromotionList promotions={[promo(1, 'DEPOSIT', '<p>Bonus<script>alert(1)</script><img src=x onerror="alert(1)"></p>'), promo(2, 'REBATE')]} imageBase="" />,
  );
  expect(screen.getAllByRole('article')).toHaveLength(2);
  await userEvent.click(screen.getByRole('button', { name: 'Rebate' }));
  expect(screen.getAllByRole('article')).toHaveLength(1);
  await userEvent.click(screen.getByRole('button', { name: 'All' }));
  const first = screen.getByRole('article', { name: 'Promo 1' });
  await userEvent.click(within(first).getByRole('button', { name: 'View details' }));
  expect(within(first).getByText('Bonus')).toBeInTheDocument();
  expect(first.innerHTML).not.toContain('<script');
  expect(first.innerHTML).not.toContain('onerror');
  expect(within(first).getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
});

test('the hash id opens that promotion', async () => {
  renderWithProviders(<PromotionList promotions={[promo(1, 'DEPOSIT'), promo(2, 'REBATE', '<p>Rebate rules</p>')]} imageBase="" openId="2" />);
  expect(await screen.findByText('Rebate rules')).toBeInTheDocument();
  expect(within(screen.getByRole('article', { name: 'Promo 1' })).getByRole('button', { name: 'View details' })).toBeInTheDocument();
});
