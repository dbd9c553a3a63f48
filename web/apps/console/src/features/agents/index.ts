export { AgentTree } from './components/AgentTree';
export { Contracts } from './components/Contracts';
export { Bills } from './components/Bills';
export { AgentsViews, type ViewPaths } from './components/shared';
