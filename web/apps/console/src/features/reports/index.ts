export { Dashboard } from './components/Dashboard';
export { Reports } from './components/Reports';
