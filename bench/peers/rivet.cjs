// Rivet's GraphProcessor (@ironclad/rivet-core) running a chain of no-op nodes: a Text node with a
// fixed value, then Passthrough nodes, each fed by the one before. One run builds a GraphProcessor
// from the project (the counterpart of planning) and processes the graph once.
const { GraphProcessor } = require('@ironclad/rivet-core');

const VALUE = 'start';

/** A project whose main graph is a chain of `n` nodes; returns it with the id of its last node. */
function chainProject(n) {
  const nodes = [];
  const connections = [];
  for (let i = 0; i < n; i++) {
    const id = `n${i}`;
    const visualData = { x: i * 200, y: 0, width: 175 };
    if (i === 0) nodes.push({ type: 'text', title: 'Text', id, visualData, data: { text: VALUE } });
    else {
      nodes.push({ type: 'passthrough', title: `Passthrough ${i}`, id, visualData, data: {} });
      connections.push({
        outputNodeId: `n${i - 1}`,
        outputId: i === 1 ? 'output' : 'output1',
        inputNodeId: id,
        inputId: 'input1',
      });
    }
  }
  const graphId = 'chain';
  return {
    project: {
      metadata: { id: 'bench', title: 'Chain', description: '', mainGraphId: graphId },
      graphs: { [graphId]: { metadata: { id: graphId, name: 'Chain' }, nodes, connections } },
    },
    graphId,
    last: `n${n - 1}`,
  };
}

/**
 * A run of a chain of `n` nodes, as a caller pays it: a GraphProcessor built for the project, then
 * the graph processed once, with a listener counting finished nodes. Throws unless every node ran
 * and the last one passed the first one's value on.
 */
function chain(n) {
  const { project, graphId, last } = chainProject(n);
  return async () => {
    const processor = new GraphProcessor(project, graphId, undefined, false);
    let finished = 0;
    let lastValue;
    processor.on('nodeFinish', ({ node, outputs }) => {
      finished++;
      if (node.id === last) lastValue = outputs[n === 1 ? 'output' : 'output1']?.value;
    });
    await processor.processGraph({ settings: {} });
    // Listeners are called asynchronously; let them all run before checking.
    await new Promise((resolve) => setImmediate(resolve));
    if (finished !== n || lastValue !== VALUE)
      throw new Error(`Rivet ran ${finished} of ${n} nodes; the last one gave ${JSON.stringify(lastValue)}`);
  };
}

module.exports = { name: 'Rivet GraphProcessor', packages: ['@ironclad/rivet-core'], chain };
