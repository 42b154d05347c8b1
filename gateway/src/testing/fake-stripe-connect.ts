import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake Stripe received. */
export interface SeenStripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  form: Record<string, string>;
}

interface FakeAccount {
  id: string;
  email: string;
  userId: string;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
}

interface FakeTransfer {
  id: string;
  amount: number;
  currency: string;
  destination: string;
  metadata: Record<string, string>;
}

/**
 * The part of Stripe's REST API Connect payouts use, on a loopback port, speaking Stripe's wire
 * protocol (form-encoded bodies, JSON answers, `Idempotency-Key`): Express accounts
 * (`POST /v1/accounts`, `GET /v1/accounts/{id}`), onboarding links (`POST /v1/account_links`) and
 * transfers (`POST /v1/transfers`). A key sent again answers what it answered the first time, as
 * Stripe does, so tests can count what was really created.
 */
export class FakeStripeConnect {
  readonly seen: SeenStripeRequest[] = [];
  readonly accounts = new Map<string, FakeAccount>();
  readonly transfers: FakeTransfer[] = [];
  /** The next transfers are refused with this message (as Stripe refuses, 400). */
  refuseTransfers: string | null = null;
  /** The next N answers to transfers are lost: the transfer is made, the connection cut before the answer. */
  loseTransferAnswers = 0;
  /** Stripe's platform balance, in cents: a transfer above it is refused. */
  platformBalanceCents = Number.MAX_SAFE_INTEGER;
  private readonly answered = new Map<string, { status: number; body: unknown }>();
  private server: Server | null = null;
  url = '';

  async start(): Promise<string> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** Stripe finished the account's onboarding and pays out to it. */
  enable(accountId: string): void {
    const account = this.accounts.get(accountId);
    if (!account) throw new Error(`No account ${accountId}`);
    account.detailsSubmitted = true;
    account.payoutsEnabled = true;
  }

  /** Answers one request (another test server may hand Connect's paths on to it). */
  handle(req: IncomingMessage, res: ServerResponse): void {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      const key = header(req, 'idempotency-key');
      const path = (req.url ?? '').split('?')[0]!;
      this.seen.push({
        method: req.method ?? '',
        path,
        authorization: header(req, 'authorization'),
        idempotencyKey: key,
        form,
      });
      const replay = key ? this.answered.get(`${req.method} ${path} ${key}`) : undefined;
      const { status, body } = replay ?? this.answer(req.method ?? '', path, form);
      if (key && !replay && status < 500) this.answered.set(`${req.method} ${path} ${key}`, { status, body });
      // A lost answer: the request was handled (and kept under its key), the answer never arrives.
      const lose = path === '/v1/transfers' && this.loseTransferAnswers > 0;
      if (lose) {
        this.loseTransferAnswers -= 1;
        res.socket?.destroy();
        return;
      }
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${this.seen.length}`,
        ...(replay ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(JSON.stringify(body));
    });
  }

  private answer(
    method: string,
    path: string,
    form: Record<string, string>,
  ): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/accounts') {
      if (form.type !== 'express') return invalid('Only Express accounts are made here.');
      const id = `acct_test_${this.accounts.size + 1}`;
      this.accounts.set(id, {
        id,
        email: form.email ?? '',
        userId: form['metadata[userId]'] ?? '',
        detailsSubmitted: false,
        payoutsEnabled: false,
      });
      return { status: 200, body: this.account(id) };
    }
    const accountMatch = /^\/v1\/accounts\/([\w]+)$/.exec(path);
    if (method === 'GET' && accountMatch) {
      if (!this.accounts.has(accountMatch[1]!)) return missing(`No such account: '${accountMatch[1]}'`);
      return { status: 200, body: this.account(accountMatch[1]!) };
    }
    if (method === 'POST' && path === '/v1/account_links') {
      if (!this.accounts.has(form.account ?? '')) return missing(`No such account: '${form.account}'`);
      if (form.type !== 'account_onboarding' || !form.refresh_url || !form.return_url) {
        return invalid('type, refresh_url and return_url are required.');
      }
      return {
        status: 200,
        body: {
          object: 'account_link',
          url: `https://connect.stripe.com/setup/e/${form.account}/${this.seen.length}`,
          expires_at: Math.floor(Date.now() / 1000) + 300,
        },
      };
    }
    if (method === 'POST' && path === '/v1/transfers') {
      const destination = this.accounts.get(form.destination ?? '');
      if (!destination) return invalid(`No such destination: '${form.destination}'`);
      if (!destination.payoutsEnabled)
        return invalid('The destination account cannot receive transfers yet.');
      if (this.refuseTransfers) return invalid(this.refuseTransfers);
      const amount = Number(form.amount);
      if (amount > this.platformBalanceCents) {
        return invalid('You have insufficient available funds in your Stripe account.');
      }
      this.platformBalanceCents -= amount;
      const transfer: FakeTransfer = {
        id: `tr_test_${this.transfers.length + 1}`,
        amount,
        currency: form.currency ?? '',
        destination: destination.id,
        metadata: {
          payoutId: form['metadata[payoutId]'] ?? '',
          userId: form['metadata[userId]'] ?? '',
        },
      };
      this.transfers.push(transfer);
      return { status: 200, body: { object: 'transfer', ...transfer } };
    }
    return missing('Unrecognized request URL');
  }

  private account(id: string) {
    const account = this.accounts.get(id)!;
    return {
      id,
      object: 'account',
      type: 'express',
      email: account.email,
      metadata: { userId: account.userId },
      details_submitted: account.detailsSubmitted,
      payouts_enabled: account.payoutsEnabled,
      charges_enabled: account.payoutsEnabled,
    };
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function invalid(message: string) {
  return { status: 400, body: { error: { type: 'invalid_request_error', message } } };
}

function missing(message: string) {
  return { status: 404, body: { error: { type: 'invalid_request_error', message } } };
}
