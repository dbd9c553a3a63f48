// The points mall (issue 32 part 6, docs/rewards-api.md "Points mall"):
// /pointMall, members only. Points earned from play and deposits are spent
// on items or converted to cash; what is redeemed lands in the reward
// centre, physical goods wait for an operator.
export { PointsMall, type PointsMallProps, type FormatMoney } from './components/PointsMall';
export { POINTS_QUERY_ROOT } from './api/points';
