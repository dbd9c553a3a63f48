import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/harness';
import type { Banner } from '../api/announcements';
import { BANNER_AUTOPLAY_MS, BANNER_TRANSITION_MS, BannerCarousel } from './BannerCarousel';

const banner = (id: number, over: Partial<Banner> = {}): Banner => ({
  id,
  groupName: 'w_home',
  title: `Banner ${id}`,
  url: `/art/banner/${id}.svg`,
  linkageType: 'NONE',
  linkTarget: '',
  sequence: id,
  ...over,
});

const activeDot = () => {
  const dots = screen.getAllByRole('button', { name: /^Show banner/ });
  return dots.findIndex((d) => d.getAttribute('aria-current') === 'true') + 1;
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

test('one banner: no loop copies, no dots, no autoplay', () => {
  renderWithProviders(<BannerCarousel banners={[banner(1)]} imageBase="/cdn/a" />);
  expect(screen.getAllByRole('img')).toHaveLength(1);
  expect(screen.getByRole('img', { name: 'Banner 1' })).toHaveAttribute('src', '/cdn/a/art/banner/1.svg');
  expect(screen.queryByRole('button', { name: /^Show banner/ })).toBeNull();
});

test('several banners loop every 5000 ms, back to the first after the last', () => {
  renderWithProviders(<BannerCarousel banners={[banner(1), banner(2), banner(3)]} imageBase="" />);
  // Two loop copies (last before the first, first after the last) are hidden from assistive tech.
  expect(screen.getAllByRole('img', { hidden: true })).toHaveLength(5);
  expect(screen.getAllByRole('img')).toHaveLength(1);
  expect(activeDot()).toBe(1);
  act(() => vi.advanceTimersByTime(BANNER_AUTOPLAY_MS - 1));
  expect(activeDot()).toBe(1);
  act(() => vi.advanceTimersByTime(1));
  expect(activeDot()).toBe(2);
  act(() => vi.advanceTimersByTime(BANNER_AUTOPLAY_MS));
  expect(activeDot()).toBe(3);
  act(() => vi.advanceTimersByTime(BANNER_AUTOPLAY_MS));
  expect(activeDot()).toBe(1);
  expect(screen.getByRole('img')).toHaveAccessibleName('Banner 1');
  act(() => vi.advanceTimersByTime(BANNER_TRANSITION_MS));
  act(() => vi.advanceTimersByTime(BANNER_AUTOPLAY_MS));
  expect(activeDot()).toBe(2);
});

test('a pagination dot jumps to its slide; hovering pauses autoplay', () => {
  renderWithProviders(<BannerCarousel banners={[banner(1), banner(2), banner(3)]} imageBase="" />);
  fireEvent.click(screen.getByRole('button', { name: 'Show banner 3' }));
  expect(activeDot()).toBe(3);
  const region = screen.getByRole('region', { name: 'Featured' });
  fireEvent.mouseEnter(region);
  act(() => vi.advanceTimersByTime(BANNER_AUTOPLAY_MS * 3));
  expect(activeDot()).toBe(3);
  fireEvent.mouseLeave(region);
  act(() => vi.advanceTimersByTime(BANNER_AUTOPLAY_MS));
  expect(activeDot()).toBe(1);
});

test('the pause button stops autoplay', () => {
  renderWithProviders(<BannerCarousel banners={[banner(1), banner(2)]} imageBase="" />);
  fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
  fireEvent.blur(screen.getByRole('button', { name: 'Play slideshow' }));
  act(() => vi.advanceTimersByTime(BANNER_AUTOPLAY_MS * 2));
  expect(activeDot()).toBe(1);
});

test('link targets follow the linkage type', () => {
  const banners = [
    banner(1, { linkageType: 'URL', linkTarget: 'https://example.com/promo' }),
    banner(2, { linkageType: 'ROUTE', linkTarget: '/rng' }),
    banner(3, { linkageType: 'PROMOTION', linkTarget: '7' }),
    banner(4, { linkageType: 'GAME', linkTarget: '10231' }),
    banner(5, { linkageType: 'NONE', linkTarget: '' }),
  ];
  const { actions } = renderWithProviders(<BannerCarousel banners={banners} imageBase="" />);
  const slides = screen.getAllByRole('group', { hidden: true }).filter((g) => g.getAttribute('aria-roledescription') === 'slide');
  // slides[0] is the loop copy of the last banner; the real ones follow.
  const url = within(slides[1]).getByRole('link', { name: 'Banner 1' });
  expect(url).toHaveAttribute('href', 'https://example.com/promo');
  expect(url).toHaveAttribute('target', '_blank');
  expect(url).toHaveAttribute('rel', expect.stringContaining('noopener'));
  expect(within(slides[2]).getByRole('link', { name: 'Banner 2', hidden: true })).toHaveAttribute('href', '/rng');
  expect(within(slides[3]).getByRole('link', { name: 'Banner 3', hidden: true })).toHaveAttribute('href', '/promotions#7');
  fireEvent.click(within(slides[4]).getByRole('button', { name: 'Banner 4', hidden: true }));
  expect(actions.launch).toHaveBeenCalledWith(expect.objectContaining({ nodeId: 10231 }));
  expect(within(slides[5]).queryByRole('link', { hidden: true })).toBeNull();
  expect(within(slides[5]).queryByRole('button', { hidden: true })).toBeNull();
});
