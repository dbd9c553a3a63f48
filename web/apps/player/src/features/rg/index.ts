// Responsible gaming in the storefront (docs/personal-centre.md): the
// personal-centre page. The deposit page's limit notice
// (components/DepositLimitNotice.tsx) and the session-wide shell
// (components/RgShell.tsx) are imported lazily by path, so neither brings the page along.
export { ResponsibleGaming } from './components/ResponsibleGaming';
export * from './api/rg';
export * from './lib/rules';
