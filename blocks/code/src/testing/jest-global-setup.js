// Jest's global setup: runs once, before any test file. Tests that run the Code block (its own,
// and the gateway's that run apps holding one) need its sandbox worker built
// (`blocks/code/dist/sandbox-worker.js`), and a fresh checkout runs its unit tests before
// building: build it here, once, so no test file depends on another having built it first, and
// none rebuilds it while another's scripts are running.
const { buildForWorkers, WORKER_BUILT } = require('./build-for-workers.js');

module.exports = function globalSetup() {
  buildForWorkers();
  process.env[WORKER_BUILT] = '1';
};
