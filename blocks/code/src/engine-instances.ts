import { readFileSync } from 'node:fs';
import variant from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSWASMModule } from 'quickjs-emscripten-core';

/**
 * The part of the WebAssembly API used here. TypeScript declares WebAssembly only with the DOM
 * library, which the server's packages do not load; Node provides it as a global.
 */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
type WasmModule = object;
type WasmInstance = object;
declare const WebAssembly: {
  Memory: new (descriptor: { initial: number; maximum: number }) => WasmMemory;
  compile(bytes: Uint8Array): Promise<WasmModule>;
  instantiate(module: WasmModule, imports: object): Promise<WasmInstance>;
};

/** WebAssembly memory comes in pages of 64 KiB; the engine starts with 16 MiB. */
const PAGE = 64 * 1024;
const INITIAL_PAGES = 256;

/**
 * An instance is kept for the next script only while its memory is at most this share of its cap:
 * one a script grew further is dropped, so each script starts with most of its memory ahead of it
 * and a full memory is always the script's own.
 */
const REUSE_SHARE = 0.5;

/** Idle instances kept per memory cap (a thread runs one script at a time: one is enough). */
const KEEP_IDLE = 1;

/** One WebAssembly instance of QuickJS with its own memory, capped at `maximumBytes`. */
export interface EngineInstance {
  engine: QuickJSWASMModule;
  memory: WasmMemory;
  maximumBytes: number;
}

let compiled: Promise<WasmModule> | undefined;

/** The engine's WebAssembly, read and compiled once per thread. */
function compiledEngine(): Promise<WasmModule> {
  compiled ??= WebAssembly.compile(readFileSync(require.resolve('@jitl/quickjs-wasmfile-release-sync/wasm')));
  return compiled;
}

const idle = new Map<number, EngineInstance[]>();

/** A new instance of the engine with a memory of its own, from the compiled code. */
async function newInstance(maximumBytes: number): Promise<EngineInstance> {
  const module = await compiledEngine();
  const memory = new WebAssembly.Memory({
    initial: INITIAL_PAGES,
    maximum: Math.max(INITIAL_PAGES, Math.floor(maximumBytes / PAGE)),
  });
  // The engine's own diagnostics (an assertion while a broken instance is taken apart) stay quiet.
  const silent = () => undefined;
  const emscriptenModule = {
    wasmMemory: memory,
    print: silent,
    printErr: silent,
    instantiateWasm(imports: object, done: (instance: WasmInstance, module: WasmModule) => void) {
      void WebAssembly.instantiate(module, imports).then((instance) => done(instance, module));
      return {};
    },
  };
  const engine = await newQuickJSWASMModuleFromVariant(newVariant(variant, { emscriptenModule }));
  return { engine, memory, maximumBytes };
}

/**
 * An instance of the engine for one script: one an earlier script left clean when there is one,
 * otherwise a new one. Each script still gets a runtime and context of its own (its globals,
 * objects and symbols start afresh and end with it); the instance only spares compiling the
 * engine and setting up its memory again.
 */
export async function takeInstance(maximumBytes: number): Promise<EngineInstance> {
  return idle.get(maximumBytes)?.pop() ?? newInstance(maximumBytes);
}

/**
 * Gives an instance back after its script: kept for the next one when the script ended cleanly
 * (its runtime taken apart, no limit reached) and left most of the memory free; otherwise dropped
 * with its memory.
 */
export function giveBack(instance: EngineInstance, clean: boolean): void {
  if (!clean || instance.memory.buffer.byteLength > instance.maximumBytes * REUSE_SHARE) return;
  const kept = idle.get(instance.maximumBytes) ?? [];
  if (kept.length >= KEEP_IDLE) return;
  kept.push(instance);
  idle.set(instance.maximumBytes, kept);
}

/** Instances kept for the next scripts (tests). */
export function idleInstances(): number {
  return [...idle.values()].reduce((sum, kept) => sum + kept.length, 0);
}
