// Agent centre: withdraw. The storefront's withdrawal page (payment password,
// payout account, the request and its records) inside the agent centre.
export { default } from '../../../member/WithdrawPage';
