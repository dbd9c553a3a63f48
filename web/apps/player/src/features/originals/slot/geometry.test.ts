import { cellCentre, lineCells, linePath, linePoints, scatterCells, winningCells } from './geometry';
import { DEFAULT_PAYLINES, type Spin } from './model';

test('cell centres split the window in 5 x 3', () => {
  expect(cellCentre(0, 0, 500, 300)).toEqual({ x: 50, y: 50 });
  expect(cellCentre(4, 2, 500, 300)).toEqual({ x: 450, y: 250 });
});

test('a V line runs edge to edge through the right rows', () => {
  const pts = linePoints(DEFAULT_PAYLINES[3], 500, 300); // 0 1 2 1 0
  expect(pts).toHaveLength(7);
  expect(pts[0]).toEqual({ x: 0, y: 50 });
  expect(pts[3]).toEqual({ x: 250, y: 250 });
  expect(pts[6]).toEqual({ x: 500, y: 50 });
  expect(linePath(DEFAULT_PAYLINES[0], 500, 300)).toBe('M0 150 L50 150 L150 150 L250 150 L350 150 L450 150 L500 150');
});

const spin = (over: Partial<Spin>): Spin => ({
  free: false,
  stops: [],
  grid: [['A', 'K', 'Q'], ['A', 'SCATTER', 'Q'], ['A', 'K', 'Q'], ['SCATTER', 'K', 'J'], ['J', 'K', 'SCATTER']],
  lines: [],
  scatter: 3,
  scatterWin: 0,
  freeSpinsAwarded: 0,
  multiplier: 0,
  ...over,
});

test('a line win lights its first `count` cells only', () => {
  expect(lineCells({ line: 1, symbol: 'A', count: 3, multiplier: 1 }, DEFAULT_PAYLINES)).toEqual(['0:0', '1:0', '2:0']);
  expect(lineCells({ line: 3, symbol: 'A', count: 5, multiplier: 1 }, DEFAULT_PAYLINES)).toEqual(['0:0', '1:1', '2:2', '3:1', '4:0']);
  expect(lineCells({ line: 99, symbol: 'A', count: 5, multiplier: 1 }, DEFAULT_PAYLINES)).toEqual([]);
});

test('scatters light only when they paid or triggered', () => {
  expect(scatterCells(spin({ scatter: 2 }))).toEqual([]);
  expect(scatterCells(spin({ freeSpinsAwarded: 10, scatterWin: 20000 }))).toEqual(['1:1', '3:0', '4:2']);
  const all = winningCells(spin({ lines: [{ line: 1, symbol: 'A', count: 3, multiplier: 5000 }], scatterWin: 20000 }), DEFAULT_PAYLINES);
  expect([...all].sort()).toEqual(['0:0', '1:0', '1:1', '2:0', '3:0', '4:2']);
});
