import { flagOn, readContractFlags } from './contractFlags';
import { visibleAgentEntries } from './nav';
import { AGENT_MENU_ORDER, type AgentPageKey } from './registry';

const ALL = AGENT_MENU_ORDER.map((key) => ({ key }));
const OFF = readContractFlags(undefined);

test('the nav keeps the spec order and hides contract pages whose type is off', () => {
  const shown = visibleAgentEntries(OFF, true, ALL);
  expect(shown).toEqual(AGENT_MENU_ORDER.filter((k) => !['agentDividendRecordCopy2', 'agentDailyWages2', 'agentHourSalary', 'agentRealtimeSalary'].includes(k)));
  const some = visibleAgentEntries(readContractFlags({ divtypereq: true, contracthoursalreq: '1', dailysalreqtype: 0 }), true, ALL);
  expect(some).toContain('agentDividendRecordCopy2');
  expect(some).toContain('agentHourSalary');
  expect(some).not.toContain('agentDailyWages2');
  expect(some.indexOf('agentDividendRecordCopy2')).toBeLessThan(some.indexOf('agentHourSalary'));
});

test('only registered pages are listed, and customer service only with a channel', () => {
  const pages: { key: AgentPageKey }[] = [{ key: 'customerService' }, { key: 'deposit' }];
  expect(visibleAgentEntries(OFF, true, pages)).toEqual(['deposit', 'customerService']);
  expect(visibleAgentEntries(OFF, false, pages)).toEqual(['deposit']);
});

test('contract flags read booleans, numbers and strings; anything else is off', () => {
  expect([true, 1, '1', 'true', 'Y', ' yes '].map(flagOn)).toEqual([true, true, true, true, true, true]);
  expect([false, 0, '0', 'N', '', null, undefined, {}].map(flagOn)).toEqual([false, false, false, false, false, false, false, false]);
  expect(readContractFlags({ realtimesalreqtype: 2 })).toEqual({ divtypereq: false, dailysalreqtype: false, contracthoursalreq: false, realtimesalreqtype: true });
});
