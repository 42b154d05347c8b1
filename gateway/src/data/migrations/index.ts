import { Initial1763700000000 } from './1763700000000-initial';

/** Every migration, oldest first. */
export const migrations = [Initial1763700000000];
