import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_BLOCKS_DIR, loadBlockPackages } from '../kernel';
import { runAgentBenchmarks } from './agent.bench';
import { runCodeBenchmarks } from './code.bench';
import { runDiskBenchmarks } from './disk.bench';
import { runEngineBenchmarks } from './engine.bench';
import { runGatewayBenchmarks } from './gateway.bench';
import { runHistoryBenchmarks } from './history.bench';
import { runHistoryScaleBenchmarks } from './history-scale.bench';
import { runKnowledgeBenchmarks } from './knowledge.bench';
import { runLoopBenchmarks } from './loops.bench';
import { runMcpBenchmarks } from './mcp.bench';
import { runMemoryBenchmarks } from './memory.bench';
import { runProcessBenchmarks } from './processes.bench';
import { runTestRunBenchmarks } from './testing.bench';

/**
 * `npm run bench`: prints every benchmark's figures and keeps them in bench-results/ (git-ignored);
 * BENCHMARKS.md records them with the command. `npm run bench -- engine` runs one group.
 */
async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const wanted = (name: string) => only.length === 0 || only.includes(name);
  const report: Record<string, unknown> = {
    machine: { node: process.version, cpus: (await import('node:os')).cpus().length },
    at: new Date().toISOString(),
  };
  if (wanted('engine')) {
    const registry = loadBlockPackages(DEFAULT_BLOCKS_DIR, { entry: 'dist' });
    const engine = await runEngineBenchmarks(registry.get('textGeneration'));
    report.engine = engine;
    console.log('\nRun engine: cost per block, 1,000-block apps (p50 of repeated runs)');
    console.table(engine.results);
    console.log(`peak RSS during the engine benchmarks: ${engine.peakRssMb} MB`);
  }
  if (wanted('agent')) {
    report.agent = await runAgentBenchmarks();
    console.log('\nAgent: overhead per step (instant model and tool, steps and charges kept), p50');
    console.table([report.agent]);
  }
  if (wanted('code')) {
    report.code = await runCodeBenchmarks();
    console.log(
      '\nCode block: server CPU per run on warm sandbox threads (engine alone), and REST runs of a Code app against the text app (PGlite, 16 people)',
    );
    console.dir(report.code, { depth: 4 });
  }
  if (wanted('disk')) {
    report.disk = await runDiskBenchmarks({ runs: Number(process.env.BENCH_DISK_RUNS ?? 5000) });
    console.log(
      '\nDisk per stored run on PGlite (text app over REST), the write-ahead log, and RUN_RETENTION_DAYS pruning',
    );
    console.dir(report.disk, { depth: 4 });
  }
  if (wanted('memory')) {
    report.memory = await runMemoryBenchmarks({ stored: Number(process.env.BENCH_MEMORY_STORED ?? 100_000) });
    console.log(
      '\nGateway memory on PGlite: fresh, and with 100,000 stored runs, after the same load (each in its own process)',
    );
    console.dir(report.memory, { depth: 4 });
  }
  if (wanted('gateway')) {
    report.gatewayPglite = await runGatewayBenchmarks();
    console.log('\nGateway on the embedded PGlite database');
    console.dir(report.gatewayPglite, { depth: 4 });
    if (process.env.BENCH_DATABASE_URL) {
      report.gatewayPostgres = await runGatewayBenchmarks(process.env.BENCH_DATABASE_URL);
      console.log('\nGateway on PostgreSQL (BENCH_DATABASE_URL)');
      console.dir(report.gatewayPostgres, { depth: 4 });
    } else {
      console.log('\n(set BENCH_DATABASE_URL=postgres://... to measure the gateway on PostgreSQL too)');
    }
  }
  if (wanted('rest')) {
    // REST execute alone, as a ratio to a bare node:http server in the same rounds (issue 38).
    report.restPglite = await runGatewayBenchmarks(undefined, { executeOnly: true });
    console.log('\nREST execute on PGlite against a bare node:http server, same client and rounds');
    console.dir(report.restPglite, { depth: 4 });
  }
  if (wanted('loops')) {
    report.loops = await runLoopBenchmarks();
    console.log('\nFor Each over 1,000 items of a Text Generation block on PGlite, per run');
    console.table([report.loops]);
  }
  if (wanted('history-scale')) {
    report.historyScale = await runHistoryScaleBenchmarks();
    console.log('\nRun history among 1,000,000 runs of one app on PGlite, filtered (p50, p95 of pages)');
    console.dir(report.historyScale, { depth: 4 });
    if (process.env.BENCH_DATABASE_URL) {
      report.historyScalePostgres = await runHistoryScaleBenchmarks(process.env.BENCH_DATABASE_URL);
      console.log('\nRun history among 1,000,000 runs of one app on PostgreSQL (BENCH_DATABASE_URL)');
      console.dir(report.historyScalePostgres, { depth: 4 });
    }
  }
  if (wanted('knowledge')) {
    report.knowledge = await runKnowledgeBenchmarks({ log: (line) => console.log(`  ${line}`) });
    console.log(
      '\nKnowledge bases on PGlite: search over 100,000 passages (full text and HNSW vectors of the offline embedding, fused), and a 300-page PDF indexed',
    );
    console.dir(report.knowledge, { depth: 3 });
  }
  if (wanted('mcp')) {
    report.mcp = await runMcpBenchmarks();
    console.log(
      '\nMCP tools/call against REST run of the same published app, one person, PGlite (median of 5 rounds)',
    );
    console.table([report.mcp]);
  }
  if (wanted('processes')) {
    if (process.env.BENCH_DATABASE_URL) {
      report.processes = await runProcessBenchmarks(process.env.BENCH_DATABASE_URL);
      console.log(
        '\nGateway processes sharing PostgreSQL (BENCH_DATABASE_URL): runs/s with one and two, progress across processes',
      );
      console.dir(report.processes, { depth: 4 });
    } else {
      console.log(
        '\n(set BENCH_DATABASE_URL=postgres://... to measure several gateway processes on PostgreSQL)',
      );
    }
  }
  if (wanted('history')) {
    // Listing on the embedded database; runs/s with and without steps is measured on PostgreSQL.
    report.historyPglite = await runHistoryBenchmarks(undefined, { stepCost: false });
    console.log('\nRun history on the embedded PGlite database: listing 10,000 runs of one app');
    console.dir(report.historyPglite, { depth: 4 });
    if (process.env.BENCH_DATABASE_URL) {
      report.historyPostgres = await runHistoryBenchmarks(process.env.BENCH_DATABASE_URL);
      console.log('\nRun history on PostgreSQL (BENCH_DATABASE_URL): runs/s with and without steps, listing');
      console.dir(report.historyPostgres, { depth: 4 });
    } else {
      console.log('\n(set BENCH_DATABASE_URL=postgres://... to measure the cost of steps on PostgreSQL)');
    }
  }
  if (wanted('testing')) {
    report.testRuns = await runTestRunBenchmarks();
    console.log(
      '\nTest run of 100 cases (three checks each) on the offline provider and PGlite, start to end',
    );
    console.table([report.testRuns]);
  }
  const outDir = path.resolve(__dirname, '..', '..', '..', 'bench-results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'latest.json'), JSON.stringify(report, null, 2));
  console.log(`\nfigures written to ${path.relative(process.cwd(), path.join(outDir, 'latest.json'))}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
