export { Capabilities } from './Capabilities';
