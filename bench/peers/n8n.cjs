// n8n's WorkflowExecute (n8n-core, n8n-workflow) running a chain of no-op nodes: a start node that
// emits one item, then nodes that return their input unchanged (what n8n's own No Operation node
// does), each connected to the one before. One run builds a Workflow from the nodes and
// connections (the counterpart of planning) and executes it once with WorkflowExecute.
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');

// n8n keeps its instance settings (a generated encryption key) in a folder of its own, by default
// ~/.n8n: point it at a temporary folder, removed when the process ends.
if (process.env.N8N_USER_FOLDER === undefined) {
  const folder = mkdtempSync(path.join(tmpdir(), 'blocksmith-bench-n8n-'));
  process.env.N8N_USER_FOLDER = folder;
  process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
}

const { ExecutionLifecycleHooks, WorkflowExecute } = require('n8n-core');
const { NodeHelpers, Workflow } = require('n8n-workflow');

const VALUE = 'start';

function nodeType(name, inputs, execute) {
  return {
    description: {
      displayName: name,
      name,
      group: ['transform'],
      version: 1,
      description: 'Benchmark node',
      defaults: { name },
      inputs,
      outputs: ['main'],
      properties: [],
    },
    execute,
  };
}

const types = {
  'bench.start': nodeType('start', [], async function () {
    return [[{ json: { value: VALUE } }]];
  }),
  'bench.noOp': nodeType('noOp', ['main'], async function () {
    return [this.getInputData()];
  }),
};

const nodeTypes = {
  getByName: (type) => types[type],
  getByNameAndVersion: (type, version) => NodeHelpers.getVersionedNodeType(types[type], version),
  getKnownTypes: () => ({}),
};

/** Nodes and connections of a chain of `n` nodes, as a saved workflow holds them. */
function chainWorkflow(n) {
  const nodes = [];
  const connections = {};
  for (let i = 0; i < n; i++) {
    const name = `n${i}`;
    nodes.push({
      id: `id-${i}`,
      name,
      type: i === 0 ? 'bench.start' : 'bench.noOp',
      typeVersion: 1,
      position: [i * 200, 0],
      parameters: {},
    });
    if (i > 0) connections[`n${i - 1}`] = { main: [[{ node: name, type: 'main', index: 0 }]] };
  }
  return { nodes, connections };
}

/**
 * A run of a chain of `n` nodes, as a caller pays it: a Workflow built from the saved nodes and
 * connections, then executed once by a new WorkflowExecute, with a hook counting finished nodes.
 * Throws unless the run finished, every node ran and the last one passed the first one's item on.
 */
function chain(n) {
  const saved = chainWorkflow(n);
  const last = `n${n - 1}`;
  return async () => {
    // The Workflow fills in node parameters in place: each run starts from a fresh copy, as if loaded.
    const workflow = new Workflow({
      id: 'bench',
      name: 'Chain',
      nodes: saved.nodes.map((node) => ({ ...node, parameters: {} })),
      connections: saved.connections,
      active: false,
      nodeTypes,
      settings: { executionOrder: 'v1' },
    });
    let finished = 0;
    const hooks = new ExecutionLifecycleHooks('manual', 'bench', { id: 'bench', name: 'Chain' });
    hooks.addHandler('nodeExecuteAfter', () => void finished++);
    const additionalData = { hooks, currentNodeExecutionIndex: 0, restartExecutionId: undefined };
    const execution = new WorkflowExecute(additionalData, 'manual');
    const run = await execution.run({ workflow, startNode: workflow.getNode('n0') });
    const item = run.data.resultData.runData[last]?.[0]?.data?.main?.[0]?.[0];
    if (!run.finished || finished !== n || item?.json.value !== VALUE)
      throw new Error(
        `n8n ran ${finished} of ${n} nodes (finished: ${run.finished}, error: ${run.data.resultData.error?.message}); the last one gave ${JSON.stringify(item?.json)}`,
      );
  };
}

module.exports = { name: 'n8n WorkflowExecute', packages: ['n8n-core', 'n8n-workflow'], chain };
