import * as all from './all';

export * from './all';

/** Every entity class, for the data source. */
export const entities = Object.values(all);
