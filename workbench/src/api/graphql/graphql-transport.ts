import {
  ApolloClient,
  ApolloLink,
  HttpLink,
  InMemoryCache,
  type DocumentNode,
  type OperationVariables,
  type TypedDocumentNode,
} from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { getMainDefinition } from '@apollo/client/utilities';
import { createClient, type Client } from 'graphql-ws';
import { ApiError, type RunWatcher } from '../blocksmith-api';
import { toApiError } from './to-api-error';

/** Hands out the access token for a request, refreshing it first when it is about to expire. */
export type TokenSource = () => Promise<string | null>;

/** Context flag for calls that must not wait for a token (signing in, refreshing). */
export const ANONYMOUS = { anonymous: true };

/** Context for one call made with a given bearer token instead of the session's. */
export function withBearer(token: string): Record<string, unknown> {
  return { anonymous: true, headers: { authorization: `Bearer ${token}` } };
}

/** How long to wait before connecting again: 1, 2, 4, 8 s, then every 10 s, a little jittered. */
function reconnectWait(retries: number): Promise<void> {
  const ms = Math.min(1000 * 2 ** retries, 10_000) + Math.floor(Math.random() * 300);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Reconnection attempts before a run's watcher is told the connection is gone (about 5 minutes). */
const RECONNECT_ATTEMPTS = 32;

/** Whom the socket tells when it drops while runs are watched, and when it is back. */
type ConnectionWatcher = Pick<RunWatcher, 'connection'>;

/**
 * The gateway's GraphQL endpoint as the domain calls use it: Apollo Client over HTTP for queries and
 * mutations (with the session's token unless a call says otherwise), graphql-ws for subscriptions,
 * every failure mapped by `toApiError`.
 */
export class GraphQLTransport {
  private readonly client: ApolloClient;
  private readonly socket: Client;
  /** Watchers of runs under way, told when the socket drops and when it is back. */
  private readonly connectionWatchers = new Set<ConnectionWatcher>();
  private socketLost = false;

  constructor(
    private readonly tokenSource: TokenSource,
    readonly origin: string,
  ) {
    const http = new HttpLink({ uri: `${origin}/graphql` });
    const auth = new SetContextLink(async (previous) => {
      if (previous.anonymous) return {};
      const token = await this.tokenSource();
      return token ? { headers: { ...previous.headers, authorization: `Bearer ${token}` } } : {};
    });
    this.socket = createClient({
      url: origin.replace(/^http/, 'ws') + '/graphql',
      lazy: true,
      retryAttempts: RECONNECT_ATTEMPTS,
      retryWait: reconnectWait,
      // A socket that cannot even open (the network is down) is worth trying again too.
      shouldRetry: () => true,
      connectionParams: async () => {
        const token = await this.tokenSource();
        return token ? { authorization: `Bearer ${token}` } : {};
      },
      on: {
        closed: () => {
          // Closed while runs are watched: it is being made again (the lazy close after the last
          // run ended watches nothing).
          if (this.connectionWatchers.size === 0 || this.socketLost) return;
          this.socketLost = true;
          for (const watcher of this.connectionWatchers) watcher.connection?.('lost');
        },
        connected: () => {
          if (!this.socketLost) return;
          this.socketLost = false;
          for (const watcher of this.connectionWatchers) watcher.connection?.('restored');
        },
      },
    });
    const ws = new GraphQLWsLink(this.socket);
    const link = ApolloLink.split(
      ({ query }) => {
        const definition = getMainDefinition(query);
        return definition.kind === 'OperationDefinition' && definition.operation === 'subscription';
      },
      ws,
      auth.concat(http),
    );
    this.client = new ApolloClient({
      link,
      cache: new InMemoryCache(),
      defaultOptions: {
        query: { fetchPolicy: 'no-cache' },
        mutate: { fetchPolicy: 'no-cache' },
      },
    });
  }

  /** The session's access token (null when signed out), for requests made without Apollo. */
  accessToken(): Promise<string | null> {
    return this.tokenSource();
  }

  /** A query's data; `context` may be `ANONYMOUS` or `withBearer(token)`. */
  async query<TData, TVariables extends OperationVariables>(
    query: TypedDocumentNode<TData, TVariables>,
    variables: TVariables,
    context: Record<string, unknown> = {},
  ): Promise<TData> {
    const data = await this.queryIfAnswered(query, variables, context);
    if (data === undefined) throw new ApiError('The server sent no data.');
    return data;
  }

  /** A query's data, or undefined when the server answered without any. */
  async queryIfAnswered<TData, TVariables extends OperationVariables>(
    query: TypedDocumentNode<TData, TVariables>,
    variables: TVariables,
    context: Record<string, unknown> = {},
  ): Promise<TData | undefined> {
    try {
      return (await this.client.query<TData, TVariables>({ query, variables, context })).data;
    } catch (error) {
      throw toApiError(error);
    }
  }

  async mutate<TData, TVariables extends OperationVariables>(
    mutation: TypedDocumentNode<TData, TVariables>,
    variables: TVariables,
    context: Record<string, unknown> = {},
  ): Promise<TData> {
    try {
      const result = await this.client.mutate<TData, TVariables>({ mutation, variables, context });
      if (result.data === undefined || result.data === null) throw new ApiError('The server sent no data.');
      return result.data;
    } catch (error) {
      throw toApiError(error);
    }
  }

  /**
   * A subscription's results over the socket (their errors still to be mapped by `toApiError`);
   * `TData` may be narrower than the document's own type (a JSON scalar read as what it holds).
   */
  subscribe<TData, TVariables extends OperationVariables>(
    query: DocumentNode | TypedDocumentNode<TData, TVariables>,
    variables: TVariables,
  ) {
    return this.client.subscribe<TData, TVariables>({ query, variables });
  }

  /**
   * Tells `watcher` when the socket drops while it is watched (it is being made again) and when it
   * is back, until the returned function is called.
   */
  watchConnection(watcher: ConnectionWatcher): () => void {
    this.connectionWatchers.add(watcher);
    return () => this.connectionWatchers.delete(watcher);
  }
}
