export { Approvals } from './components/Approvals';
