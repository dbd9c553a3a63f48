// Rewards and bonuses in the console (issue 32, part 11): the player page's
// tab and the Rewards screen.
export { PlayerRewardsTab } from './components/PlayerRewardsTab';
export { RewardsScreen } from './components/RewardsScreen';
