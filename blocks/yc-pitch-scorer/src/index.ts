export { ycPitchScorer as block } from './yc-pitch-scorer';
