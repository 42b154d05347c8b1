import type { OnError } from './on-error';
import type { Category } from './categories';

export interface Position {
  x: number;
  y: number;
}

/** A block placed on the canvas. */
export interface PluginInstance {
  /** `plugin_{time}_{random}` */
  id: string;
  /** The block kind, e.g. `textGeneration`. */
  type: string;
  position: Position;
  settings: Record<string, unknown>;
  /** Derived from the app's connection list: ids of upstream (inputs) and downstream (outputs) blocks. */
  connections?: { inputs: string[]; outputs: string[] };
  /** The block's named outputs; the first one's name is the block's variable. */
  outputs?: { name: string; type?: string }[];
  /** Version of the block definition the settings were written for (absent means 1). */
  version?: number;
  /** What the run does when the block fails: stop (absent), continue with an error value, or take its `error` route. */
  onError?: OnError;
}

export interface Connection {
  /** `conn_{time}_{random}` */
  id: string;
  from: string;
  to: string;
  fromPort: string;
  toPort: string;
}

export interface CanvasState {
  zoom: number;
  pan: Position;
}

export interface AppConfig {
  plugins: PluginInstance[];
  connections: Connection[];
  canvas: CanvasState;
}

export type VerificationStatus = 'pending' | 'approved' | 'rejected';

export interface App {
  id?: string;
  name: string;
  description: string;
  slug: string;
  category: Category | '';
  isPrivate: boolean;
  isPublished: boolean;
  owner_id?: string;
  upvotes: number;
  views: number;
  uses: number;
  config: AppConfig;
  verificationStatus?: VerificationStatus;
  reviewNotes?: string | null;
  createdAt?: string;
  /** The version the draft was last saved as (its owner and admins only; null for others). */
  draftVersionId?: string | null;
  /** The approved version the store shows and other people run (its owner and admins only). */
  liveVersionId?: string | null;
  /** The version waiting for review (its owner and admins only). */
  submittedVersionId?: string | null;
  /**
   * The owner sees what other people enter and the results of their runs (runs started while it
   * is on); the runner page and the embed say so.
   */
  shareRunDetails?: boolean;
  /**
   * Credits a run by someone other than the owner pays the owner, on top of what its blocks cost
   * (0 to 100). Others see the price their runs pay now (0 while the owner's plan has no creator
   * earnings); the owner and admins see the price set.
   */
  creatorPrice?: number;
}

export const DEFAULT_APP_NAME = 'My App';

export function emptyConfig(): AppConfig {
  return { plugins: [], connections: [], canvas: { zoom: 1, pan: { x: 0, y: 0 } } };
}
