// The agent feature: the agent centre's server calls (team, register centre,
// transfers, reports, contracts and commissions). Pages live in
// app/routes/agent/centre; this feature holds what they fetch.
export * from './api/team';
export * from './api/reports';
export * from './api/commission';
export * from './api/announcements';
