import { BlockError, BlockOverrunError } from '@blocksmith/block-sdk';
import { Scope, type QuickJSContext, type QuickJSHandle, type QuickJSRuntime } from 'quickjs-emscripten-core';
import { giveBack, takeInstance, type WasmMemory } from './engine-instances';
import { ScriptClock } from './thread-cpu';

/** What one script may use. */
export interface SandboxLimits {
  /**
   * Time for compiling, running and serialising the result, in milliseconds: the CPU time of the
   * thread the script runs in (where Node measures it; wall-clock time elsewhere), so time the
   * thread spends waiting for a core on a busy machine is not the script's.
   */
  timeMs: number;
  /**
   * The engine's whole WebAssembly memory, in bytes (its own data and stack, the inputs, everything
   * the script allocates, the result). A multiple of 64 KiB, at least 16 MiB.
   */
  memoryBytes: number;
  /** Stack of the JavaScript engine, in bytes (how deep the script may recurse). */
  stackBytes: number;
  /** Characters of the result once written as JSON. */
  resultChars: number;
  /** Characters of console output passed on, over the whole run. */
  logChars: number;
  /** Console lines passed on, over the whole run: every call counts, an empty line too. */
  logLines: number;
}

export interface SandboxRun {
  /** The body of a function of `input` and `inputs`, as the person wrote it. */
  body: string;
  input: unknown;
  inputs: Readonly<Record<string, unknown>>;
  limits: SandboxLimits;
  signal: AbortSignal;
  /** One line the script printed with console.log (or info, warn, error, debug). */
  onLog(line: string): void;
  /** The engine is loaded: the script's time starts now. */
  onStart?(): void;
}

/** The script's own file name in stack traces, so its frames can be told from the wrapper's. */
const FILE = 'code.js';
const FRAME_LINE = /code\.js:(\d+):\d+/;

/**
 * The function the body becomes. The opening stays on the body's first line, so the engine's line
 * numbers are the person's. It is async so `await` works; nothing outside the engine can be awaited.
 */
const PREFIX = '(async function (input, inputs) {';
const SUFFIX = '\n})';

const STOPPED = 'The code was stopped because the run was stopped.';

/** Gives the script a console whose lines go to `print`, formatted inside the engine. */
const CONSOLE_SETUP = `(function (print) {
  const format = (value) => {
    if (typeof value === 'string') return value;
    try {
      const json = JSON.stringify(value);
      return json === undefined ? String(value) : json;
    } catch {
      return String(value);
    }
  };
  const log = (...values) => print(values.map(format).join(' '));
  globalThis.console = { log, info: log, warn: log, error: log, debug: log };
})`;

/** The failure of a script: its message, naming the line when the engine knows it. */
export class ScriptError extends BlockError {}

interface EngineError {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  lineNumber?: unknown;
}

function lineOf(error: unknown, lines: number): number | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const { stack, lineNumber } = error as EngineError;
  const fromStack = typeof stack === 'string' ? FRAME_LINE.exec(stack)?.[1] : undefined;
  const line = fromStack !== undefined ? Number(fromStack) : lineNumber;
  // An error at the end of the input (an unclosed brace) is reported on the wrapper's closing line.
  return typeof line === 'number' && line >= 1 ? Math.min(line, lines) : undefined;
}

function clip(text: string, max = 500): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function describeThrown(error: unknown): string {
  if (error !== null && typeof error === 'object') {
    const { name, message } = error as EngineError;
    if (typeof message === 'string') {
      return clip(typeof name === 'string' && name !== '' ? `${name}: ${message}` : message);
    }
    return clip(JSON.stringify(error) ?? String(error));
  }
  return clip(String(error));
}

function count(value: number): string {
  return value.toLocaleString('en-US');
}

function mebibytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

function seconds(ms: number): string {
  const value = ms / 1000;
  return `${value} second${value === 1 ? '' : 's'}`;
}

/** Why a script past its time limit was stopped; `where` names the line when known. */
export function overrunMessage(timeMs: number, where = ''): string {
  return `The code ran longer than ${seconds(timeMs)} and was stopped${where}.`;
}

/** One script in its own engine: a WebAssembly instance of QuickJS with nothing of the host in it. */
class Sandbox {
  private interrupted = false;
  private logged = 0;
  private loggedLines = 0;
  private logCut = false;
  /** A limit stopped the script (time, memory, stack): its engine instance is not used again. */
  limitReached = false;
  private readonly lines: number;
  private readonly clock: ScriptClock;

  constructor(
    private readonly run: SandboxRun,
    private readonly runtime: QuickJSRuntime,
    private readonly vm: QuickJSContext,
    private readonly memory: WasmMemory,
  ) {
    this.lines = run.body.split('\n').length;
    this.clock = new ScriptClock(run.limits.timeMs);
    runtime.setMaxStackSize(run.limits.stackBytes);
    runtime.setInterruptHandler(() => {
      if (!this.interrupted && this.clock.passed()) this.interrupted = true;
      return this.interrupted;
    });
  }

  /**
   * Runs the body and answers its result as JSON text, or undefined when it returned nothing. The
   * script runs synchronously: a run stopped meanwhile is seen before it starts, and the time limit
   * bounds the rest.
   */
  evaluate(): string | undefined {
    if (this.run.signal.aborted) throw new ScriptError(STOPPED);
    return Scope.withScope((scope) => {
      const { vm } = this;
      this.installConsole(scope);
      const fn = scope.manage(this.unwrap(vm.evalCode(`${PREFIX}${this.run.body}${SUFFIX}`, FILE)));
      if (vm.typeof(fn) !== 'function') {
        throw new ScriptError(
          'The code must be the body of a function: statements ending with `return` and the value.',
        );
      }
      const input = scope.manage(this.fromJson(scope, this.run.input));
      const inputs = scope.manage(this.fromJson(scope, this.run.inputs));
      const promise = scope.manage(this.unwrap(vm.callFunction(fn, vm.undefined, input, inputs)));
      const jobs = this.runtime.executePendingJobs();
      if (jobs.error) this.fail(jobs.error);
      const state = vm.getPromiseState(promise);
      if (state.type === 'pending') {
        // Out of memory while queueing a promise job, the engine drops the job.
        if (this.memoryExhausted()) throw new ScriptError(this.memoryMessage(''));
        // Stopped at the time limit while running promise jobs, the engine drops the rest of them.
        if (this.interrupted || this.overTime()) throw this.overrun('');
        throw new ScriptError(
          'The code waited for something that never finished. Return the value itself: nothing outside the code can be awaited.',
        );
      }
      if (state.type === 'rejected') this.fail(state.error);
      const result = this.toJson(scope, scope.manage(state.value));
      // A long built-in call (sorting a huge array) is not interrupted: the limit holds all the same.
      if (this.overTime()) throw this.overrun('');
      return result;
    });
  }

  /** The script has used more than its time. */
  private overTime(): boolean {
    return this.clock.used() > this.run.limits.timeMs;
  }

  /** The script used its whole time: it is stopped, and charged for the time it used. */
  private overrun(where: string): BlockOverrunError {
    this.limitReached = true;
    return new BlockOverrunError(overrunMessage(this.run.limits.timeMs, where), this.clock.used());
  }

  private installConsole(scope: Scope): void {
    const { vm } = this;
    const { logChars, logLines } = this.run.limits;
    const print = scope.manage(
      vm.newFunction('print', (line) => {
        if (this.logCut) return;
        if (this.loggedLines >= logLines || this.logged >= logChars) {
          // Past a limit, one note says so and nothing more is passed on.
          this.logCut = true;
          const at =
            this.loggedLines >= logLines ? `${count(logLines)} lines` : `${count(logChars)} characters`;
          this.run.onLog(`(console output cut at ${at})`);
          return;
        }
        const text = vm.typeof(line) === 'string' ? vm.getString(line) : '';
        const kept = text.slice(0, logChars - this.logged);
        this.logged += kept.length;
        this.loggedLines += 1;
        this.run.onLog(kept);
      }),
    );
    const setup = scope.manage(this.unwrap(vm.evalCode(CONSOLE_SETUP, 'console.js')));
    scope.manage(this.unwrap(vm.callFunction(setup, vm.undefined, print)));
  }

  /** A value of the host copied into the engine as JSON, so nothing but data crosses. */
  private fromJson(scope: Scope, value: unknown): QuickJSHandle {
    const { vm } = this;
    const json = scope.manage(vm.getProp(vm.global, 'JSON'));
    const parse = scope.manage(vm.getProp(json, 'parse'));
    const text = scope.manage(vm.newString(JSON.stringify(value ?? null)));
    return this.unwrap(vm.callFunction(parse, json, text));
  }

  /** The script's result written as JSON inside the engine; only the text leaves it. */
  private toJson(scope: Scope, value: QuickJSHandle): string | undefined {
    const { vm } = this;
    const json = scope.manage(vm.getProp(vm.global, 'JSON'));
    const stringify = scope.manage(vm.getProp(json, 'stringify'));
    const text = scope.manage(this.unwrap(vm.callFunction(stringify, json, value)));
    if (vm.typeof(text) !== 'string') return undefined;
    const result = vm.getString(text);
    const limit = this.run.limits.resultChars;
    if (result.length > limit) {
      throw new ScriptError(
        `The code returned ${result.length.toLocaleString('en-US')} characters of JSON; the limit is ${limit.toLocaleString('en-US')}.`,
      );
    }
    return result;
  }

  /** The instance's memory has grown to (nearly) its cap. */
  private memoryExhausted(): boolean {
    return this.memory.buffer.byteLength > this.run.limits.memoryBytes * FULL;
  }

  private memoryMessage(where: string): string {
    this.limitReached = true;
    return outOfMemoryMessage(this.run.limits.memoryBytes, where);
  }

  private unwrap(result: { error?: QuickJSHandle; value?: QuickJSHandle }): QuickJSHandle {
    if (result.error) this.fail(result.error);
    return result.value!;
  }

  private fail(handle: QuickJSHandle): never {
    const error: unknown = this.vm.dump(handle);
    if (handle.alive) handle.dispose();
    const line = lineOf(error, this.lines);
    const where = line === undefined ? '' : ` (line ${line})`;
    if (this.interrupted) throw this.overrun(where);
    const { name, message } = (error ?? {}) as EngineError;
    // Out of memory while making the error itself, the engine throws null.
    const exhausted = error === null && this.memoryExhausted();
    if (exhausted || (name === 'InternalError' && message === 'out of memory')) {
      throw new ScriptError(this.memoryMessage(where));
    }
    if (name === 'InternalError' && message === 'stack overflow') {
      this.limitReached = true;
      throw new ScriptError(`The code called functions too deeply (endless recursion?)${where}.`);
    }
    const on = line === undefined ? '' : ` on line ${line}`;
    throw new ScriptError(`The code failed${on}: ${describeThrown(error)}`);
  }
}

/** The share of its cap at which the engine's memory counts as full. */
const FULL = 0.9;

function outOfMemoryMessage(limitBytes: number, where: string): string {
  return `The code needed more than ${mebibytes(limitBytes)} of memory and was stopped${where}.`;
}

/**
 * Runs a script in its own QuickJS runtime and context, in the engine compiled to WebAssembly: no
 * module loader and no host functions but console output, so it cannot reach the file system, the
 * network, the process or the host's objects. Inputs go in and the result comes out as JSON text.
 * The engine's WebAssembly memory is capped at `memoryBytes` (the engine's own allocation limit
 * counts allocations rather than bytes in this build, so the cap is on the memory itself: when it
 * cannot grow, the engine raises "out of memory"). Nothing a script defines outlives its run: its
 * runtime is taken apart after it, and the instance holding it is used again only when the script
 * ended cleanly with most of the memory free (engine-instances.ts).
 */
export async function runInSandbox(run: SandboxRun): Promise<unknown> {
  const instance = await takeInstance(run.limits.memoryBytes);
  const { memory } = instance;
  const runtime = instance.engine.newRuntime();
  const vm = runtime.newContext();
  let sandbox: Sandbox | undefined;
  let text: string | undefined;
  let usable = true;
  try {
    sandbox = new Sandbox(run, runtime, vm, memory);
    run.onStart?.();
    text = sandbox.evaluate();
  } catch (error) {
    if (error instanceof ScriptError || error instanceof BlockOverrunError) throw error;
    usable = false;
    // The engine's native stack can run out before its own check: the instance is dropped.
    if (error instanceof RangeError) {
      throw new ScriptError('The code called functions too deeply (endless recursion?).');
    }
    // An allocation failing deep inside the engine can end in a trap of its WebAssembly instead of
    // its own "out of memory": with the memory full, that is the memory limit.
    if (memory.buffer.byteLength > run.limits.memoryBytes * FULL) {
      throw new ScriptError(outOfMemoryMessage(run.limits.memoryBytes, ''));
    }
    if ((error as { name?: unknown } | null)?.name === 'RuntimeError') {
      throw new ScriptError(
        `The sandbox's engine failed while running the code (${(error as Error).message}); the code was stopped.`,
      );
    }
    throw error;
  } finally {
    // An instance a failure left unusable is dropped with its memory without being taken apart.
    let clean = usable && sandbox?.limitReached !== true;
    if (usable) {
      try {
        vm.dispose();
        runtime.dispose();
      } catch {
        // Whatever is left goes with the instance's memory.
        clean = false;
      }
    }
    giveBack(instance, clean);
  }
  if (text === undefined) {
    throw new ScriptError(
      'The code returned nothing: end it with `return` and a value (text, number, list or object).',
    );
  }
  return JSON.parse(text) as unknown;
}
