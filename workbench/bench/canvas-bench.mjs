#!/usr/bin/env node
// The canvas benchmark: a canvas of 500 blocks and 500 connections in Debian's Chromium, against
// the built product. Reports the time to first render, frame times while dragging one block (at
// the saved zoom, then with every block fitted in view), how many blocks re-render per drag step,
// and the gzip size of the JavaScript /app loads first.
// Run from the repository root after `npm run build`: node workbench/bench/canvas-bench.mjs
// CANVAS_BENCH_WORKBENCH_DIR names another build of the workbench to size instead of workbench/dist.
/* global window, document, requestAnimationFrame -- the evaluated functions run in the page */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT, launchBrowser, startServer } from '../../e2e/server.mjs';

const WORKBENCH = path.join(ROOT, 'workbench');
const BLOCKS = 500;
const DRAG_STEPS = 120;

/** Gzip size of every JavaScript file /app loads before it is usable: the entry, the builder route and their static imports. */
function firstLoadJs(distDir) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const builderKey = Object.keys(manifest).find((key) => key.endsWith('pages/builder/BuilderPage.tsx'));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(Object.keys(manifest).find((key) => manifest[key] === entry));
  visit(builderKey);
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(path.join(distDir, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: [...files], rawKb: raw / 1024, gzipKb: gzip / 1024 };
}

/** 500 AI blocks on a grid, chained, plus one more connection: 500 connections. */
function bigApp() {
  const plugins = Array.from({ length: BLOCKS }, (_, i) => ({
    id: `plugin_${i}`,
    type: 'textGeneration',
    position: { x: 40 + (i % 12) * 240, y: 40 + Math.floor(i / 12) * 90 },
    settings: { prompt_template: `Step ${i}: {{input_text}}`, output_type: 'text', model: 'gpt-4' },
  }));
  const connections = plugins.slice(1).map((plugin, i) => ({
    id: `conn_${i}`,
    from: plugins[i].id,
    to: plugin.id,
    fromPort: 'output',
    toPort: 'input',
  }));
  connections.push({
    id: 'conn_extra',
    from: 'plugin_0',
    to: 'plugin_2',
    fromPort: 'output',
    toPort: 'input',
  });
  return {
    name: 'Five hundred blocks',
    description: '',
    slug: 'five-hundred-blocks',
    category: '',
    isPrivate: false,
    isPublished: false,
    config: { plugins, connections, canvas: { zoom: 1, pan: { x: 0, y: 0 } } },
  };
}

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return { mean, p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] };
}

/** Drags one block 120 mouse steps, recording every frame and every block render meanwhile. */
async function dragBlock(page, id) {
  const node = page.locator(`.react-flow__node[data-id="${id}"]`);
  const box = await node.boundingBox();
  await page.evaluate(() => {
    window.__frames = [];
    window.__recording = true;
    window.__blockRenders = 0;
    const tick = (t) => {
      if (!window.__recording) return;
      window.__frames.push(t);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= DRAG_STEPS; step += 1) {
    await page.mouse.move(box.x + box.width / 2 + step * 3, box.y + box.height / 2 + step * 2);
  }
  await page.mouse.up();
  const drag = await page.evaluate(() => {
    window.__recording = false;
    const frames = window.__frames;
    return { intervals: frames.slice(1).map((t, i) => t - frames[i]), renders: window.__blockRenders };
  });
  const frame = stats(drag.intervals);
  const moved = await node.boundingBox();
  return {
    blockRendersDuringDrag: drag.renders,
    blockRendersPerStep: +(drag.renders / DRAG_STEPS).toFixed(2),
    frameMs: Object.fromEntries(Object.entries(frame).map(([k, v]) => [k, +v.toFixed(1)])),
    fps: +(1000 / frame.mean).toFixed(1),
    blockMoved: Math.round(moved.x - box.x) > 0,
  };
}

async function main() {
  const bundle = firstLoadJs(process.env.CANVAS_BENCH_WORKBENCH_DIR ?? path.join(WORKBENCH, 'dist'));

  // A build of the same code that counts block renders.
  const probeDir = mkdtempSync(path.join(tmpdir(), 'blocksmith-bench-'));
  execFileSync('npx', ['vite', 'build', '--outDir', probeDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: WORKBENCH,
    env: { ...process.env, VITE_RENDER_PROBE: '1' },
    stdio: 'inherit',
  });
  const browser = await launchBrowser();
  const server = await startServer({ workbenchDir: probeDir });
  const appFile = path.join(probeDir, 'five-hundred-blocks.json');
  writeFileSync(appFile, JSON.stringify(bigApp()));
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.url}/app`);
    await page.locator('.palette-item').first().waitFor();

    // Time to first render: from choosing the file to the app loaded (the toolbar counts 500 blocks)
    // and every block the canvas draws measured and shown. The canvas draws the blocks in view (it
    // draws each block once to measure it, then only those in view), so the count of drawn blocks
    // is reported beside the viewport: the one the app was saved with, zoom 1 at pan 0, 0.
    await page.evaluate(() => {
      window.__importStarted = performance.now();
    });
    await page.locator('input[type=file][accept*="json"]').setInputFiles(appFile);
    await page.waitForFunction(
      (n) =>
        document.querySelector('[data-testid=node-count]')?.textContent === `${n} nodes` &&
        document.querySelector('.react-flow__node') !== null &&
        [...document.querySelectorAll('.react-flow__node')].every(
          (node) => node.style.visibility !== 'hidden',
        ),
      BLOCKS,
    );
    const firstRenderMs = await page.evaluate(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => resolve(performance.now() - window.__importStarted)),
          ),
        ),
    );
    const drawn = await page.evaluate(() => {
      const pane = document.querySelector('.react-flow').getBoundingClientRect();
      const transform = document.querySelector('.react-flow__viewport').style.transform;
      return {
        canvasPx: { width: Math.round(pane.width), height: Math.round(pane.height) },
        viewportTransform: transform,
        blocks: document.querySelectorAll('.react-flow__node').length,
        connections: document.querySelectorAll('.react-flow__edge').length,
      };
    });

    // Drag one block across the canvas as saved (zoom 1), then one with every block fitted in view.
    const drag = await dragBlock(page, 'plugin_13');
    await page.getByRole('button', { name: 'Fit', exact: true }).click({ force: true });
    await page.waitForFunction(() => document.querySelector('.zoom-percent')?.textContent === '30%');
    await page.waitForTimeout(500);
    const fitted = {
      viewportTransform: await page.evaluate(
        () => document.querySelector('.react-flow__viewport').style.transform,
      ),
      blocksDrawn: await page.locator('.react-flow__node').count(),
      ...(await dragBlock(page, 'plugin_100')),
    };

    const result = {
      blocks: BLOCKS,
      connections: BLOCKS,
      drawn,
      firstRenderMs: Math.round(firstRenderMs),
      dragSteps: DRAG_STEPS,
      ...drag,
      fitted,
      firstLoadJsGzipKb: +bundle.gzipKb.toFixed(1),
      firstLoadJsRawKb: +bundle.rawKb.toFixed(1),
      firstLoadFiles: bundle.files,
    };
    console.log(JSON.stringify(result, null, 2));
    mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(path.join(ROOT, 'bench-results', 'canvas.json'), JSON.stringify(result, null, 2));
  } finally {
    await browser.close();
    await server.stop();
    rmSync(probeDir, { recursive: true, force: true });
  }
}

await main();
