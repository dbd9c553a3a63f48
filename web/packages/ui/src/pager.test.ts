import { pagerItems } from './pager';

describe('pagerItems (margin 1, range 5)', () => {
  test('no pages', () => {
    expect(pagerItems(1, 0)).toEqual([]);
  });
  test('few pages: all shown', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  test('start of a long list', () => {
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pagerItems(3, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
  });
  test('middle of a long list keeps 5 around the current page', () => {
    expect(pagerItems(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
  });
  test('end of a long list', () => {
    expect(pagerItems(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
    expect(pagerItems(18, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });
  test('a gap hiding a single page shows the page', () => {
    expect(pagerItems(4, 12)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 12]);
    expect(pagerItems(5, 12)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap', 12]);
    expect(pagerItems(8, 12)).toEqual([1, 'gap', 6, 7, 8, 9, 10, 11, 12]);
    expect(pagerItems(6, 9)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 9]);
  });
  test('out of range current page is clamped', () => {
    expect(pagerItems(99, 20)).toEqual(pagerItems(20, 20));
    expect(pagerItems(-3, 20)).toEqual(pagerItems(1, 20));
  });
  test('custom margin and range', () => {
    expect(pagerItems(10, 20, 2, 3)).toEqual([1, 2, 'gap', 9, 10, 11, 'gap', 19, 20]);
  });
});
