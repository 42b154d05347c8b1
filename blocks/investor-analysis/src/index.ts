export { investorAnalysis as block } from './investor-analysis';
