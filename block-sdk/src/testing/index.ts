export { runBlock, type RunBlockOptions, type BlockRunOutcome } from './run-block';
export { ScriptedProvider, type Script, type RecordedCall } from './scripted-provider';
export { MemoryFileStore } from '../memory-file-store';
export { checkBlockPackage, describeCheck, type PackageCheck, type BlockCheck } from '../check-package';
