export {
  collectDisplay,
  echoInput,
  failingBlock,
  gatedBlock,
  probeApproval,
  probeCollect,
  probeCondition,
  probeLoop,
  templateBlock,
  wrongTypeBlock,
} from './probe-blocks';
export { passThrough, probeApp, probePlugin, probeTextApp } from './probe-apps';
export { TestBlocks } from './test-blocks';
export { probeAsker, probeTool, probeToolApp } from './probe-tools';
