export { defineBlock, definitionProblems, migrateSettings, blockFlow } from './define-block';
export type {
  BlockSpec,
  RouteOutputsSpec,
  LoopSpec,
  ToolsSpec,
  ToolSpecOf,
  TextSettingKey,
  NumberSettingKey,
  BlockDefinition,
  AnyBlockDefinition,
  RunResult,
  SettingsMigration,
  UploadCandidate,
  FileRefusal,
} from './block-definition';
export { field, text, prompt, number, boolean, select, model, aiModel } from './fields';
export { output, outputSpecs, outputTypeProblem } from './outputs';
export type { OutputDecl, OutputsSpec, OutputsOf } from './outputs';
export type { SettingsOf, ValueOf } from './settings-of';
export { validateSettings, defaultSettings, type SettingsResult } from './validate-settings';
export type { RunContext, UpstreamValue, GatheredItem } from './run-context';
export {
  NO_RUN_TOOLS,
  type RunTools,
  type ToolAnswer,
  type ToolCallOptions,
  type AppToolSpec,
} from './run-tools';
export { NodeContext, valueAsText, type NodeContextInit } from './node-context';
export { RunSharedValues, sharedKind, type RunShared, type SharedKind } from './run-shared';
export { RunPause, type PauseRequest, type RunDecision } from './run-pause';
export { renderPrompt, type PromptMessages } from './prompt';
export { BLOCK_PACKAGE_KEYWORD, exportedBlocks } from './block-package';
export {
  BLOCK_API_VERSION,
  SERVED_BLOCK_API_VERSIONS,
  UNDECLARED_BLOCK_API_VERSION,
  manifestApiVersion,
  manifestApiProblem,
  definitionApiProblem,
  type BlockPackageManifest,
} from './block-api-version';
export {
  MIN_SECRET_FRAGMENT,
  SECRET_REFERENCE,
  SecretMask,
  SecretReader,
  scrubError,
  scrubSecrets,
  type RevealedSecrets,
} from './secrets';
export { Ai, checkJsonAnswer, type TextOptions } from './ai';
export { TOOL_NAME_PATTERN, checkToolSpecs, checkedToolCall, toolArgumentsFrom } from './tool-calls';
export type {
  AiProvider,
  AiUsage,
  CallOptions,
  GeneratedImage,
  ImageRequest,
  JsonRequest,
  JsonSchema,
  ModelList,
  EmbedRequest,
  Embeddings,
  TextAtHand,
  TextRequest,
  ToolCall,
  ToolMessage,
  ToolResult,
  ToolSpec,
  ToolTurn,
  ToolTurnOptions,
  ToolTurnRequest,
  VisionRequest,
} from './ai-provider';
export type { FileStore, KeptFile } from './file-store';
export {
  NO_RUN_KNOWLEDGE,
  type KnowledgePassage,
  type KnowledgeSearchRequest,
  type RunKnowledge,
} from './run-knowledge';
export { MemoryFileStore } from './memory-file-store';
export {
  readUpstreamFile,
  readKeptFile,
  isFileSource,
  type FileSources,
  type UpstreamFileContext,
  type UpstreamFileMessages,
  type UpstreamFileOptions,
} from './upstream-file';
export { CHUNK_SIZE, splitIntoChunks } from './summarise/split-into-chunks';
export {
  summariseText,
  SUMMARY_SYSTEM,
  SUMMARY_PROMPT,
  PART_NOTES_PROMPT,
  COMBINE_PROMPT,
  type SummaryContext,
  type SummaryOptions,
} from './summarise/summarise-text';
export {
  SUMMARY_LENGTHS,
  LENGTH_GUIDANCE,
  summaryLengthSetting,
  type SummaryLength,
} from './summarise/summary-lengths';
export { encodableText } from './documents/encodable-text';
export { catalogueEntry, type CatalogueEntry } from './catalogue-entry';
export {
  AddressGuard,
  AddressRefusedError,
  AllowList,
  guardedFetch,
  operatorAllowList,
  systemResolver,
  formatIp,
  inRange,
  nonPublicKind,
  parseIp,
  parseRange,
  type ConnectLookup,
  type IpBytes,
  type IpRange,
  type ResolvedAddress,
  type Resolver,
} from './network';
export {
  BlockError,
  BlockInputError,
  BlockOverrunError,
  AiOutputError,
  AiProviderError,
  BlockDefinitionError,
  CreditLimitError,
} from './errors';
export type { AiProviderErrorKind } from './errors';
export { exampleFromSchema, type ExampleContext } from './examples/example-from-schema';
export { OFFLINE_MARKER, capitalise, joinList } from './examples/sample-text';
export { fnvHash, pick } from './examples/fnv-hash';
export type {
  Artifact,
  FileRef,
  BlockCategory,
  SettingsSpec,
  BlockFlow,
  ToolDeclaration,
  ToolParameters,
} from '@blocksmith/schema';
export {
  parseDropdownOptions,
  bareMime,
  fileProblem,
  type CandidateFile,
  type FileRules,
} from '@blocksmith/schema';
export {
  parseReference,
  placeholderPattern,
  resolvePath,
  type PathResult,
  type PathStep,
  type TemplateReference,
} from '@blocksmith/schema';
