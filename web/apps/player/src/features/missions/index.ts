export { MissionLeaderboard } from './components/MissionLeaderboard';
export { useMissionCount } from './hooks/useMissionCount';
