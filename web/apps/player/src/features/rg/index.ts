// Responsible gaming in the storefront (docs/personal-centre.md): the
// personal-centre page, the deposit page's limit notice and the session-wide
// shell (components/RgShell.tsx, imported lazily by the layout).
export { ResponsibleGaming } from './components/ResponsibleGaming';
export { DepositLimitNotice } from './components/DepositLimitNotice';
export * from './api/rg';
export * from './lib/rules';
