// The promotions engine in the console (issue 32 part 2): promotions with
// their terms, schedule, budget and pause, and the applications' review.
export { PromotionsScreen } from './components/PromotionsScreen';
