import type { App } from '@blocksmith/schema';

/** How one of the owner's apps may be embedded on other sites. */
export interface EmbedSettings {
  appId: string;
  /** The owner's plan includes embeds. */
  available: boolean;
  /** The name of the cheapest plan that includes embeds. */
  requiredPlan: string;
  /** Runs by people who are not signed in are charged to the owner. */
  paysOwner: boolean;
  /** The most credits a month the owner pays for such runs. */
  monthlyCredits: number;
  usedThisMonth: number;
}

/** A published app as its embed shows it: the live version. */
export interface EmbeddedApp {
  app: App;
  /** People who are not signed in may run it, on the owner's credits. */
  paysOwner: boolean;
}

/** A run that has ended, as the server answers it once it is over. */
export interface FinishedRun {
  id: string;
  /** succeeded, failed or aborted. */
  status: string;
  cost: number;
  /** Every block's outputs merged by variable name, plus `artifacts` ({ nodeId, artifact }[]). */
  result: Record<string, unknown> | null;
  /** Per block: status, durationMs, error. */
  nodes: Record<string, unknown> | null;
  error: string | null;
  errorCode: string | null;
}
