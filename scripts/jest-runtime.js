// Jest's own runtime, with V8's code cache kept for the modules test files load.
//
// Jest runs each test file in a new context and compiles every module it requires there again
// (`vm.compileFunction`): about 0.45 s of CPU a file that starts a gateway, the largest part of
// loading it. A worker runs many files; here the first compile of each module in a worker also
// produces V8's code cache for it, and later compiles of the same source in that worker start from
// the cache. V8 checks that the cache belongs to the source; one it rejects is made again.
//
// A module with a dynamic `import()` is compiled as Jest always does: compiled from the cache, V8
// gave back the function with the host options of the file that first compiled it, so its
// `import()` looked for that file's (torn down) loader and threw ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING
// (PGlite's loader does this: every test file after the first to open a database crashed its
// worker, which Jest then replaced and ran the file again in).
const vm = require('node:vm');

/** `import(` outside a comment or string is not worth telling apart: any mention opts out. */
const DYNAMIC_IMPORT = /\bimport\s*\(/;

/** By file name: the source compiled and its code cache (a changed source replaces it). */
const cache = new Map();
const compileFunction = vm.compileFunction;

vm.compileFunction = function compileWithCache(code, params, options = {}) {
  const filename = options.filename;
  if (!filename || options.cachedData || options.produceCachedData || DYNAMIC_IMPORT.test(code)) {
    return compileFunction.call(this, code, params, options);
  }
  const kept = cache.get(filename);
  if (kept && kept.code === code) {
    const fn = compileFunction.call(this, code, params, { ...options, cachedData: kept.data });
    if (!fn.cachedDataRejected) return fn;
  }
  const fn = compileFunction.call(this, code, params, { ...options, produceCachedData: true });
  if (fn.cachedData) cache.set(filename, { code, data: fn.cachedData });
  return fn;
};

module.exports = require('jest-runtime');
