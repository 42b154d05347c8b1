export {
  runGraph,
  type RunGraphOptions,
  type GraphRun,
  type GraphBlockResult,
  type GraphNode,
  type GraphConnection,
} from './run-graph';
export { runBlock, type RunBlockOptions, type BlockRunOutcome } from './run-block';
export { ScriptedProvider, type Script, type RecordedCall, type ScriptedToolTurn } from './scripted-provider';
export { MemoryFileStore } from '@blocksmith/block-sdk';
export { checkBlockPackage, describeCheck, type PackageCheck, type BlockCheck } from './check-package';
export { runAsTool, type RunAsToolOptions, type ToolRunOutcome } from './run-as-tool';
