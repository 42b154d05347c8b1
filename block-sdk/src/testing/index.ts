export { runBlock, type RunBlockOptions, type BlockRunOutcome } from './run-block';
export { ScriptedProvider, type Script, type RecordedCall } from './scripted-provider';
export { MemoryFileStore } from '../memory-file-store';
