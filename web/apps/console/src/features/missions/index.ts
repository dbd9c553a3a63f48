export { MissionsScreen } from './components/MissionsScreen';
