import type { AnyBlockDefinition } from './block-definition';
import { joinList } from './examples/sample-text';

/**
 * The block API this SDK offers blocks: what `defineBlock`, `RunContext` and the package layout
 * mean. Raised when a change would break blocks built before it; `defineBlock` stamps it on every
 * definition, so a block carries the version of the SDK it was made with.
 */
export const BLOCK_API_VERSION = 1;

/** The block API versions a server built on this SDK runs: the current one and any it still serves. */
export const SERVED_BLOCK_API_VERSIONS: readonly number[] = Object.freeze([BLOCK_API_VERSION]);

/**
 * What a package.json without a declaration, or a definition without a stamp, is taken to be built
 * for: the packages written before versions were declared are all version 1.
 */
export const UNDECLARED_BLOCK_API_VERSION = 1;

/** The field of a block package's package.json that declares it: `"blocksmith": { "blockApiVersion": 1 }`. */
export interface BlockPackageManifest {
  name?: unknown;
  blocksmith?: unknown;
}

/** The version a package.json declares as written (not checked), or undefined when it declares none. */
export function manifestApiVersion(manifest: BlockPackageManifest): unknown {
  const { blocksmith } = manifest;
  if (blocksmith === undefined) return undefined;
  if (blocksmith === null || typeof blocksmith !== 'object') return blocksmith;
  return (blocksmith as { blockApiVersion?: unknown }).blockApiVersion;
}

function servedText(served: readonly number[]): string {
  return served.length === 1
    ? `block API version ${served[0]}`
    : `block API versions ${joinList(served.map(String))}`;
}

/** Why a package built for `version` does not run here, or null; `how` says where the version came from. */
function unservedProblem(
  packageName: string,
  version: number,
  how: string,
  served: readonly number[],
): string | null {
  if (served.includes(version)) return null;
  const newest = Math.max(...served);
  const advice =
    version > newest
      ? `install a release of the package built for version ${newest}, or upgrade Blocksmith`
      : `install a release of the package built for version ${newest} (rebuild it with the current @blocksmith/block-sdk)`;
  return `Block package ${packageName} is built for block API version ${version} (${how}), and this Blocksmith serves ${servedText(served)}: ${advice}.`;
}

/**
 * Why the package whose package.json is `manifest` cannot be loaded here, as to its block API
 * version, or null: a declaration that is not a whole number from 1, or a version not served. A
 * package.json that declares none is taken as version 1 (UNDECLARED_BLOCK_API_VERSION).
 */
export function manifestApiProblem(
  manifest: BlockPackageManifest,
  packageName: string,
  served: readonly number[] = SERVED_BLOCK_API_VERSIONS,
): string | null {
  const version = manifestApiVersion(manifest);
  if (version === undefined) return null;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    const { blocksmith } = manifest;
    const written =
      blocksmith !== null && typeof blocksmith === 'object'
        ? `{ "blockApiVersion": ${JSON.stringify(version)} }`
        : JSON.stringify(blocksmith);
    return `Block package ${packageName} declares "blocksmith": ${written} in its package.json: it must be a whole number from 1, the block API version the package is built for (this Blocksmith serves ${servedText(served)}).`;
  }
  return unservedProblem(
    packageName,
    version,
    `package.json "blocksmith": { "blockApiVersion": ${version} }`,
    served,
  );
}

/**
 * Why a definition `packageName` exports cannot run here, as to the block API version its SDK
 * stamped on it, or null. A definition with no stamp (made before stamps, or by hand) is version 1.
 */
export function definitionApiProblem(
  definition: Pick<AnyBlockDefinition, 'kind'> & { blockApiVersion?: unknown },
  packageName: string,
  served: readonly number[] = SERVED_BLOCK_API_VERSIONS,
): string | null {
  const version = definition.blockApiVersion ?? UNDECLARED_BLOCK_API_VERSION;
  if (typeof version !== 'number' || !Number.isInteger(version)) {
    return `Block package ${packageName} has a block "${String(definition.kind)}" with block API version ${JSON.stringify(version)}: it was not made with defineBlock from @blocksmith/block-sdk.`;
  }
  return unservedProblem(
    packageName,
    version,
    `its block "${String(definition.kind)}" was made with a block SDK of that version`,
    served,
  );
}
