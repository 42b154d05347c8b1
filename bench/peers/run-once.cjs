// node bench/peers/run-once.cjs <module> <nodes>: runs one of the peers' chains once, in a process
// of its own, and exits 0 when it ran to the end. The engine benchmark tries how long a chain each
// peer runs this way before timing it in its own process (a stack overflow can end a process).
const [file, nodes] = process.argv.slice(2);
require(`./${file}`)
  .chain(Number(nodes))()
  .then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
