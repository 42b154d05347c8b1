/** What undici's fetch puts on a failure's `cause`: the socket's own error and what it saw. */
interface FetchFailureCause {
  message?: string;
  code?: string;
  socket?: Record<string, unknown>;
}

/**
 * fetch, whose failure names the request and what its connection saw. Node's own says only "fetch
 * failed"; its cause (a socket the other side closed, a refused connection) and the socket's
 * ports and byte counts are what tell a server that dropped a request from a client that sent it on
 * a dead connection, and a test report shows neither.
 */
export async function testFetch(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = (error as { cause?: FetchFailureCause }).cause;
    const what = cause?.message
      ? `${cause.code ? `${cause.code} ` : ''}${cause.message}`
      : (error as Error).message;
    const socket = cause?.socket ? ` (socket: ${JSON.stringify(cause.socket)})` : '';
    throw new Error(`${init.method ?? 'GET'} ${url} failed: ${what}${socket}`, { cause: error });
  }
}
