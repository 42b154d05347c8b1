/** One Jest run for every package; workspace imports resolve to their TypeScript sources. */
const { existsSync } = require('node:fs');
const path = require('node:path');

const CODE_WORKER_SETUP = 'blocks/code/src/testing/jest-global-setup.js';
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      // JSX (components rendered in tests) with React 17's automatic runtime, as Vite builds it.
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/**
 * jose (the gateway's access tokens) is an ES module only: compiled to CommonJS like the sources, so
 * the gateway's `import('jose')` works under Jest's CommonJS runtime on every Node version.
 */
const ESM_ONLY_PACKAGES = ['jose'];
const swcJs = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
];

const moduleNameMapper = {
  '^@blocksmith/block-sdk$': '<rootDir>/block-sdk/src/index.ts',
  '^@blocksmith/block-sdk/(.*)$': '<rootDir>/block-sdk/src/$1',
  '^@blocksmith/block-(.*)$': '<rootDir>/blocks/$1/src/index.ts',
  '^@blocksmith/engine/(.*)$': '<rootDir>/engine/src/$1',
  '^@blocksmith/(schema|engine|gateway|rest-bridge)$': '<rootDir>/$1/src/index.ts',
};

/** @type {import('jest').Config} */
module.exports = {
  // One worker per core: most suites wait on a database or a server they started, so Jest's
  // default (one core left free) leaves a two-core machine half idle (650 s against 1,027 s there).
  maxWorkers: '100%',
  // A worker holding more than this after a test file is replaced by a fresh one: files that start
  // gateways leave PGlite instances and servers behind them, and a long-lived worker ran out of
  // memory and crashed in the middle of a file.
  workerIdleMemoryLimit: '1GB',
  // No test may fail for the time a loaded machine takes: Jest's default of 5 s per test and hook
  // failed opening a database and starting a gateway at load 10 on two cores, and 60 s failed a
  // hook starting a gateway beside a fake vendor API at load 16. Hooks that start gateways take
  // this default; tests that need longer still set their own limit.
  testTimeout: 180_000,
  // Builds the Code block's sandbox worker once for every test that runs a Code block (absent from
  // a copy of the repository without the Code block, such as the block scaffold's test makes).
  ...(existsSync(path.join(__dirname, CODE_WORKER_SETUP)) && {
    globalSetup: `<rootDir>/${CODE_WORKER_SETUP}`,
  }),
  projects: [
    {
      displayName: 'node',
      testEnvironment: 'node',
      // Jest 30 "soft"-deletes what a test file left on shared globals by wrapping each such
      // property in a getter and setter; a worker running many files wraps the same property again
      // and again until setting it overflows the stack (seen after ~150 files on two workers).
      // Soft deletion frees nothing anyway: it is switched off.
      testEnvironmentOptions: { globalsCleanup: 'off' },
      // Jest's runtime with V8's code cache for the modules a worker compiles again for each file
      // (JEST_CODE_CACHE=0: Jest's own, unchanged).
      ...(process.env.JEST_CODE_CACHE !== '0' && { runtime: '<rootDir>/scripts/jest-runtime.js' }),
      rootDir: __dirname,
      roots: ['schema', 'block-sdk', 'blocks', 'engine', 'gateway', 'rest-bridge', 'workbench', 'scripts']
        .filter((dir) => existsSync(path.join(__dirname, dir)))
        .map((dir) => `<rootDir>/${dir}`),
      testMatch: ['**/src/**/*.test.ts', '**/scripts/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
      transform: {
        '^.+\\.tsx?$': swc,
        [`/node_modules/(${ESM_ONLY_PACKAGES.join('|')})/.+\\.js$`]: swcJs,
      },
      transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY_PACKAGES.join('|')})/)`],
      moduleNameMapper,
    },
  ],
};
