// The console's VIP screen (issue 32 part 11): the levels table editor.
export { VipLevelsScreen } from './VipLevelsScreen';
