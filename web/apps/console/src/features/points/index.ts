// The points mall's console screen (issue 32 part 6, docs/rewards-api.md "Points mall").
export { PointsScreen } from './components/PointsScreen';
