/** The setting rules the properties form applies: the schema's, the same the server applies. */
export { clampNumber, settingProblem, settingValue, withSelectValues } from '@blocksmith/schema';
