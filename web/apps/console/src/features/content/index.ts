export { ContentScreen } from './components/ContentScreen';
