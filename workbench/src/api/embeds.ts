import type { App } from '@blocksmith/schema';
import type {
  EmbedRunPriceFieldsFragment,
  EmbedSettingsFieldsFragment,
  RunOutcomeQuery,
} from './generated/graphql';

/** How one of the owner's apps may be embedded on other sites. */
export type EmbedSettings = EmbedSettingsFieldsFragment;

/**
 * What one run of an embedded app costs the signed-in person (blocks plus the creator's price),
 * and whether they confirmed that price: runs from an embed need it, unless they are free.
 */
export type EmbedRunPrice = EmbedRunPriceFieldsFragment;

/** A published app as its embed shows it: the live version. */
export interface EmbeddedApp {
  app: App;
  /** People who are not signed in may run it, on the owner's credits. */
  paysOwner: boolean;
}

/** A run that has ended, as the server answers it once it is over. */
export type FinishedRun = RunOutcomeQuery['run'];
