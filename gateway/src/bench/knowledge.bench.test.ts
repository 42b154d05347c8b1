import { runKnowledgeBenchmarks } from './knowledge.bench';

describe('the knowledge benchmark', () => {
  it('times searches by the clock and by the CPU they take, with the load they ran under', async () => {
    const result = await runKnowledgeBenchmarks({ chunks: 1000, searches: 20, pdfPages: 0 });
    expect(result).toMatchObject({ chunks: 1000, searches: 20, pdf: null });
    expect(result.recallAt3).toBeGreaterThanOrEqual(0.9);
    expect(result.p50Ms).toBeGreaterThan(0);
    expect(result.p95Ms).toBeGreaterThanOrEqual(result.p50Ms);
    expect(result.cpuP50Ms).toBeGreaterThan(0);
    expect(result.cpuP95Ms).toBeGreaterThanOrEqual(result.cpuP50Ms);
    expect(result.searchLoadAverage.before).toBeGreaterThanOrEqual(0);
    expect(result.searchLoadAverage.after).toBeGreaterThanOrEqual(0);
  }, 300_000);
});
