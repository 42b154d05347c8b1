// The file upload journey in a real Chromium against the built product: a signed-in creator builds
// File Upload -> Long Summary -> Text Display by drag and drop, runs it on a text file and a CSV
// chosen from disk and reads a summary of what the files say, paying for each run; files that are
// too big, of a refused type or empty are refused with the block's own message and cost nothing.
// Then File Upload -> PDF Summary -> Text Display, run on a PDF.
import assert from 'node:assert/strict';
import { Blob } from 'node:buffer';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  DESKTOP,
  connect,
  dropBlock,
  expectToast,
  graphql,
  shot,
  signUp,
  startJourney,
  stopJourney,
} from './helpers.mjs';

const PASSWORD = 'correct horse battery staple';
let server;
let browser;
let folder;

before(async () => {
  ({ browser, server } = await startJourney());
  folder = mkdtempSync(path.join(tmpdir(), 'blocksmith-files-'));
});

after(async () => {
  await stopJourney({ browser, server });
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Writes `name` into the journey's temp folder; answers its path. */
function fileOnDisk(name, contents) {
  const file = path.join(folder, name);
  writeFileSync(file, contents);
  return file;
}

/**
 * A one-page PDF whose page shows `lines` (Helvetica, selectable text), with a correct
 * cross-reference table.
 */
function pdfWithText(lines) {
  const text = lines
    .map((line, i) => `BT /F1 14 Tf 72 ${720 - i * 22} Td (${line.replace(/[()\\]/g, '\\$&')}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = Buffer.byteLength(pdf);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return pdf;
}

/** Signs up over the GraphQL API, hands the session to the page and opens the builder. */
async function openBuilderSignedIn(page, email) {
  const auth = await signUp(server, { email, password: PASSWORD, fullName: 'Rosalind Franklin' });
  await page.goto(`${server.url}/`);
  await page.evaluate(
    (session) => {
      globalThis.localStorage.setItem('blocksmith-session', session);
      globalThis.localStorage.setItem('onboarding-completed', 'true');
    },
    JSON.stringify({ ...auth.session, user: auth.user }),
  );
  await page.goto(`${server.url}/app`);
  await page.getByText('Start building your workflow').waitFor();
  return auth;
}

/** File Upload -> `aiType` -> Text Display, dropped and wired by hand. */
async function buildFileApp(page, aiType) {
  await dropBlock(page, 'fileUpload', 180, 200);
  await dropBlock(page, aiType, 480, 260);
  await dropBlock(page, 'textDisplay', 780, 200);
  await page.getByTestId('node-count').getByText('3 nodes').waitFor();
  await connect(page, 'fileUpload', aiType);
  await connect(page, aiType, 'textDisplay');
  await page.getByText('Connect your nodes').waitFor({ state: 'detached' });
  assert.equal(await page.locator('.react-flow__edge').count(), 2);
}

/** Sets the File Upload block's settings in the properties panel. */
async function fileUploadSettings(page, { label, acceptedTypes, maxSize }) {
  await page.locator('.block-node[data-type="fileUpload"]').click();
  const panel = page.getByRole('region', { name: 'File Upload settings' });
  await panel.waitFor();
  await panel.getByLabel('Label').fill(label);
  await panel.getByLabel('Accepted types').selectOption({ label: acceptedTypes });
  if (maxSize !== undefined) {
    await panel.getByLabel('Maximum size').fill(String(maxSize));
    await panel.getByLabel('Maximum size').blur();
  }
}

async function balanceIs(page, credits) {
  await page.getByTestId('credits-balance').getByText(String(credits), { exact: true }).waitFor();
}

/** Sends a file from disk to POST /uploads for `appId`, as the page does: `{ status, body }`. */
async function upload(token, appId, file) {
  const form = new globalThis.FormData();
  form.set('appId', appId);
  const type = { '.txt': 'text/plain', '.png': 'image/png' }[path.extname(file)];
  form.set('file', new Blob([readFileSync(file)], { type }), path.basename(file));
  const response = await fetch(`${server.url}/uploads`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: await response.json() };
}

/** The account's credit history, newest first, over the GraphQL API. */
async function history(token) {
  const data = await graphql(server, '{ creditHistory(limit: 10) { block_type credits_used } }', {}, token);
  return data.creditHistory;
}

test(
  'summarise a text file and a CSV from disk; too big, refused and empty files cost nothing',
  { timeout: 120_000 },
  async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const auth = await openBuilderSignedIn(page, 'rosalind@example.com');
    const token = auth.session.access_token;
    await balanceIs(page, 50);

    await buildFileApp(page, 'longSummary');
    await fileUploadSettings(page, {
      label: 'Your notes',
      acceptedTypes: 'Text files (TXT, CSV, MD, JSON)',
      maxSize: 1,
    });
    await page.locator('#app-name').fill('Notes summariser');
    await shot(page, 'file-upload-built-desktop');

    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const drawer = page.locator('.preview-drawer');
    await drawer.getByRole('heading', { name: 'Live preview' }).waitFor();
    const fileInput = drawer.getByLabel('Your notes');
    assert.equal(await fileInput.getAttribute('accept'), '.txt,.csv,.md,.json');
    await drawer.getByText('.txt, .csv, .md, .json, up to 1 MB').waitFor();
    await drawer.getByText('This run costs 2 credit(s)').waitFor();

    // Too big for the block's 1 MB, a picture where text files are asked for, an empty file: each
    // is refused on choosing, in the words the server refuses such an upload with, and costs nothing.
    const refused = [
      [
        fileOnDisk('big-notes.txt', 'lighthouse '.repeat(150_000)),
        '"big-notes.txt" is 1.6 MB, larger than the 1 MB limit.',
        413,
      ],
      [
        fileOnDisk('harbour.png', Buffer.from('89504e470d0a1a0a', 'hex')),
        '"harbour.png" is not an accepted file type. Accepted: Text files (TXT, CSV, MD, JSON) (.txt, .csv, .md, .json).',
        400,
      ],
      [fileOnDisk('empty.txt', ''), '"empty.txt" is empty. Please upload a file with content.', 400],
    ];
    for (const [file, message] of refused) {
      await fileInput.setInputFiles(file);
      await expectToast(page, message);
      await drawer.getByText('Choose file...').waitFor();
    }
    await shot(page, 'file-upload-refused-desktop');
    await balanceIs(page, 50);
    assert.deepEqual(await history(token), []);

    // A real text file: the summary speaks of what only the file says, and the run costs 2 credits.
    const notes = fileOnDisk(
      'keeper-notes.txt',
      'The Skerryvore lighthouse keeper polished the Fresnel lens every evening.\n' +
        'Supply boats reached Skerryvore twice a month, weather permitting.\n' +
        'In the great storm the Fresnel lens survived, though the keeper did not sleep for two nights.\n',
    );
    await fileInput.setInputFiles(notes);
    await drawer.getByText('keeper-notes.txt').waitFor();
    await page.getByTestId('preview-run').click();
    await expectToast(page, 'App executed successfully!');
    const summary = drawer.getByTestId('result-text');
    await summary.filter({ hasText: 'Skerryvore' }).waitFor();
    assert.match(await summary.innerText(), /\[Offline preview\].*Fresnel lens/s);
    assert.equal(await page.locator('.block-node [data-status="succeeded"]').count(), 3);
    await balanceIs(page, 48);
    await shot(page, 'file-upload-text-run-desktop');

    // The same app on a CSV: its rows are what gets summarised.
    await fileInput.setInputFiles(
      fileOnDisk(
        'harbours.csv',
        'harbour,country,berths\nTobermory,Scotland,40\nStromness,Scotland,65\nTobermory marina,Scotland,12\n',
      ),
    );
    await drawer.getByText('harbours.csv').waitFor();
    await page.getByTestId('preview-run').click();
    await summary.filter({ hasText: 'Tobermory' }).waitFor({ timeout: 20_000 });
    await expectToast(page, 'App executed successfully!');
    await balanceIs(page, 46);
    assert.deepEqual(await history(token), [
      { block_type: 'long_summary', credits_used: 2 },
      { block_type: 'long_summary', credits_used: 2 },
    ]);
    await shot(page, 'file-upload-csv-run-desktop');

    // The server does not rely on the page: the same files sent straight to POST /uploads are
    // refused with the same words, before anything is kept or charged.
    const { myApps } = await graphql(server, '{ myApps { id name } }', {}, token);
    const appId = myApps.find((app) => app.name === 'Notes summariser').id;
    for (const [file, message, status] of refused) {
      const answer = await upload(token, appId, file);
      assert.deepEqual([answer.status, answer.body.message], [status, message]);
    }
    assert.equal((await history(token)).length, 2);

    assert.deepEqual(errors, []);
    await context.close();
  },
);

test('summarise a PDF from disk with PDF Summary', { timeout: 60_000 }, async () => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openBuilderSignedIn(page, 'dorothy@example.com');

  await buildFileApp(page, 'pdfSummarization');
  await fileUploadSettings(page, { label: 'Your report', acceptedTypes: 'PDF documents' });
  await page.locator('#app-name').fill('Report summariser');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const drawer = page.locator('.preview-drawer');
  await drawer.getByText('This run costs 3 credit(s)').waitFor();
  await drawer
    .getByLabel('Your report')
    .setInputFiles(
      fileOnDisk(
        'crystal-report.pdf',
        pdfWithText([
          'Penicillin crystal structure report.',
          'The penicillin crystal diffraction images were taken in Oxford.',
          'The beta-lactam ring in the penicillin crystal was confirmed.',
        ]),
      ),
    );
  await drawer.getByText('crystal-report.pdf').waitFor();
  await page.getByTestId('preview-run').click();
  await expectToast(page, 'App executed successfully!');
  const summary = drawer.getByTestId('result-text');
  await summary.filter({ hasText: 'penicillin crystal' }).waitFor();
  await balanceIs(page, 47);
  await shot(page, 'file-upload-pdf-run-desktop');
  assert.deepEqual(errors, []);
  await context.close();
});
