// A stand-in for the part of Stripe that creators' payouts use, on a loopback port, speaking
// Stripe's wire protocol (form bodies, JSON answers, Idempotency-Key): Express accounts, account
// links, account status and transfers. Its account links open a small onboarding page of its own
// whose Finish link enables the account and sends the browser back, as Stripe's form does.
import { createServer } from 'node:http';
import { URLSearchParams } from 'node:url';

export async function startStripeConnectStandIn() {
  const accounts = new Map();
  const transfers = [];
  const seen = [];
  const answered = new Map();
  let base = '';

  const json = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const account = (id) => {
    const a = accounts.get(id);
    return {
      id,
      object: 'account',
      type: 'express',
      details_submitted: a.enabled,
      payouts_enabled: a.enabled,
    };
  };

  function answer(method, path, form, url) {
    if (method === 'POST' && path === '/v1/accounts') {
      const id = `acct_standin_${accounts.size + 1}`;
      accounts.set(id, { email: form.get('email'), enabled: false });
      return [200, account(id)];
    }
    const accountPath = /^\/v1\/accounts\/(\w+)$/.exec(path);
    if (method === 'GET' && accountPath && accounts.has(accountPath[1]))
      return [200, account(accountPath[1])];
    if (method === 'POST' && path === '/v1/account_links' && accounts.has(form.get('account'))) {
      const back = encodeURIComponent(form.get('return_url'));
      return [
        200,
        { object: 'account_link', url: `${base}/onboarding/${form.get('account')}?return=${back}` },
      ];
    }
    if (method === 'POST' && path === '/v1/transfers') {
      const destination = accounts.get(form.get('destination'));
      if (!destination?.enabled) {
        return [400, { error: { type: 'invalid_request_error', message: 'No such destination.' } }];
      }
      const transfer = {
        id: `tr_standin_${transfers.length + 1}`,
        object: 'transfer',
        amount: Number(form.get('amount')),
        currency: form.get('currency'),
        destination: form.get('destination'),
      };
      transfers.push(transfer);
      return [200, transfer];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL ${url}` } }];
  }

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url, base);
      const path = url.pathname;
      const onboarding = /^\/onboarding\/(\w+)(\/done)?$/.exec(path);
      if (req.method === 'GET' && onboarding && accounts.has(onboarding[1])) {
        const back = url.searchParams.get('return') ?? '/';
        if (onboarding[2]) {
          accounts.get(onboarding[1]).enabled = true;
          res.writeHead(302, { location: back });
          res.end();
          return;
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          `<!doctype html><html lang="en"><title>Stripe Express (stand-in)</title>` +
            `<h1>Set up your payout account</h1><p>Account ${onboarding[1]}</p>` +
            `<a href="/onboarding/${onboarding[1]}/done?return=${encodeURIComponent(back)}">Finish</a></html>`,
        );
        return;
      }
      const form = new URLSearchParams(raw);
      const key = req.headers['idempotency-key'];
      seen.push({ method: req.method, path, idempotencyKey: key, form: Object.fromEntries(form) });
      const replay = key && answered.get(`${req.method} ${path} ${key}`);
      const [status, body] = replay ?? answer(req.method, path, form, req.url);
      if (key && !replay) answered.set(`${req.method} ${path} ${key}`, [status, body]);
      json(res, status, body);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
  return {
    url: base,
    accounts,
    transfers,
    seen,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
