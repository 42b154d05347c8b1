// The apps and the block the benchmarks run: the engine's own probes (built with it).
export { passThrough, probeApp, probePlugin, probeTextApp } from '@blocksmith/engine/testing';
