import { boardSchema, missionSchema, missionDefaults, boardDefaults, toBoardBody, toMissionBody } from './schemas';

describe('mission form', () => {
  const ok = { ...missionDefaults, titleEN: 'Play 3', rewardAmount: '10' };
  test('accepts a rounds mission and sends integers and decimal strings', () => {
    const r = missionSchema(2).safeParse(ok);
    expect(r.success).toBe(true);
    expect(toMissionBody(ok)).toMatchObject({ kind: 'ROUNDS', target: '3', rewardAmount: '10', wagerMultiple: 0, startsAt: 0, endsAt: 0 });
  });
  test.each([
    ['no title', { titleEN: ' ' }, 'titleEN', 'v.title'],
    ['login days in a day', { kind: 'LOGIN', target: '2' }, 'target', 'v.target'],
    ['bet with three decimals', { kind: 'BET', target: '1.005' }, 'target', 'v.target'],
    ['reward zero', { rewardAmount: '0' }, 'rewardAmount', 'v.amount'],
    ['ends before it starts', { startsAt: '2026-11-25T10:00', endsAt: '2026-11-25T09:00' }, 'endsAt', 'v.schedule'],
    ['category with a space', { category: 'R NG' }, 'category', 'v.code'],
  ])('%s is refused', (_, patch, path, message) => {
    const r = missionSchema(2).safeParse({ ...ok, ...patch });
    expect(r.success).toBe(false);
    expect(r.error?.issues.find((i) => i.path[0] === path)?.message).toBe(message);
  });
});

describe('leaderboard form', () => {
  const ok = { ...boardDefaults, titleEN: 'Lantern', minBet: '10', prizes: '30000\n20000\n15000' };
  test('prizes one per line, highest first', () => {
    expect(boardSchema(2).safeParse(ok).success).toBe(true);
    expect(toBoardBody(ok).prizes).toEqual(['30000', '20000', '15000']);
  });
  test('a prize above the place before is refused', () => {
    const r = boardSchema(2).safeParse({ ...ok, prizes: '100\n200' });
    expect(r.error?.issues[0].message).toBe('v.prizes');
  });
});
