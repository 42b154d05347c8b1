import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { BridgeError } from './errors';

export interface UploadedPart {
  /** The form field the file came in. */
  field: string;
  name: string;
  mime: string;
  data: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  file: UploadedPart | null;
}

export interface MultipartLimits {
  /** Largest file accepted, in bytes. */
  maxFileBytes: number;
  /** Largest text field, in bytes (default 1 MB). */
  maxFieldBytes?: number;
}

const MB = 1024 * 1024;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function isMultipart(request: IncomingMessage): boolean {
  return /^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '');
}

/**
 * Reads a multipart/form-data body with at most one file, keeping it in memory up to the limit.
 * A file over the limit is refused with 413 as soon as it passes it, without reading the rest.
 */
export function readMultipart(request: IncomingMessage, limits: MultipartLimits): Promise<MultipartBody> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: request.headers,
        defParamCharset: 'utf8',
        limits: {
          fileSize: limits.maxFileBytes,
          files: 1,
          fields: 20,
          fieldSize: limits.maxFieldBytes ?? MB,
          parts: 21,
        },
      });
    } catch {
      reject(
        new BridgeError(
          400,
          'bad_request',
          'The multipart body has no boundary; send it as multipart/form-data.',
        ),
      );
      return;
    }
    const fields: Record<string, string> = {};
    let file: UploadedPart | null = null;
    let failed = false;
    const fail = (error: BridgeError) => {
      if (failed) return;
      failed = true;
      request.unpipe(parser);
      request.resume();
      reject(error);
    };

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) {
        fail(new BridgeError(413, 'payload_too_large', `The form field "${name}" is too long.`));
        return;
      }
      fields[name] = value;
    });
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      // A body that stops inside the file (no closing boundary) errors the file's own stream.
      stream.on('error', () =>
        fail(
          new BridgeError(
            400,
            'bad_request',
            `The upload of "${info.filename}" ended before the file was complete; send the whole file again.`,
          ),
        ),
      );
      stream.on('limit', () => {
        const mb = Math.round(limits.maxFileBytes / MB);
        fail(
          new BridgeError(
            413,
            'payload_too_large',
            `"${info.filename}" is larger than the ${mb} MB upload limit.`,
          ),
        );
      });
      stream.on('end', () => {
        if (!failed) {
          file = {
            field,
            // A file name is free text: characters nothing can store (NUL, half a surrogate pair) are dropped.
            name:
              (info.filename ?? '').replaceAll('\u0000', '').replace(LONE_SURROGATE, '\ufffd') || 'upload',
            mime: info.mimeType || 'application/octet-stream',
            data: Buffer.concat(chunks),
          };
        }
      });
    });
    parser.on('filesLimit', () =>
      fail(new BridgeError(400, 'bad_request', 'Send one file at most with each request.')),
    );
    parser.on('fieldsLimit', () =>
      fail(new BridgeError(400, 'bad_request', 'The form has too many fields.')),
    );
    parser.on('partsLimit', () => fail(new BridgeError(400, 'bad_request', 'The form has too many parts.')));
    parser.on('error', (error: Error) =>
      fail(new BridgeError(400, 'bad_request', `The multipart body could not be read: ${error.message}`)),
    );
    parser.on('close', () => {
      if (!failed) resolve({ fields, file });
    });
    // A client that goes away mid-body: nothing to answer, but the promise must settle.
    request.on('error', () =>
      fail(new BridgeError(400, 'bad_request', 'The request body could not be read to its end.')),
    );
    request.on('aborted', () =>
      fail(new BridgeError(400, 'bad_request', 'The request body could not be read to its end.')),
    );
    request.pipe(parser);
  });
}
