import { problemSchema, type Problem } from '@leadtrail/contracts';
import type { z } from 'zod';
import { ApiError, apiUrl } from './api-client';

type Query = Parameters<typeof apiUrl>[1];

export type UploadOptions<T> = {
  method?: 'POST' | 'PUT';
  query?: Query;
  /** Validates the success answer; anything else is "the server answered something unexpected". */
  schema: z.ZodType<T>;
  /** Sent fraction, 0 to 1, as the browser sends the body. */
  onProgress?: (fraction: number) => void;
  /** Aborting cancels the upload; the promise rejects with `upload_cancelled`. */
  signal?: AbortSignal;
  /** What a failure without problem details says (a proxy's HTML page, for example). */
  failedTitle?: string;
  /** What a 413 without problem details says (the proxy's limit, before the API answers). */
  tooLargeTitle?: string;
};

const failure = (title: string, status: number, code: string): ApiError =>
  new ApiError({ type: 'about:blank', title, status, code });

/**
 * Sends one file as multipart form data (field `file`) to the same-origin API, with upload
 * progress (fetch can't report it; XMLHttpRequest can). Resolves with the answer read by
 * `schema`; rejects with an ApiError: the server's problem details (extension members kept, as in
 * apiRequest), or one of ours for a network failure, a cancelled upload or an answer that isn't
 * problem+json.
 */
export function uploadFile<T>(path: string, file: Blob, options: UploadOptions<T>): Promise<T> {
  const { method = 'POST', query, schema, onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    const cancelled = () => failure('The upload was cancelled.', 0, 'upload_cancelled');
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, apiUrl(path, query));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    const onAbort = () => xhr.abort();
    const settle = (outcome: () => void) => {
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    xhr.onerror = () =>
      settle(() => reject(failure("We couldn't reach Leadtrail. Check your connection and try again.", 0, 'network_error')));
    xhr.onabort = () => settle(() => reject(cancelled()));
    xhr.onload = () =>
      settle(() => {
        let body: unknown = undefined;
        try {
          body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
        } catch {
          // not JSON: handled below
        }
        const status = xhr.status;
        if (status >= 200 && status < 300) {
          const parsed = schema.safeParse(body);
          if (parsed.success) resolve(parsed.data);
          else reject(failure('The server answered something unexpected.', status, 'unexpected_response'));
          return;
        }
        const problem = problemSchema.safeParse(body);
        if (problem.success) {
          reject(new ApiError({ ...(body as object), ...problem.data } as Problem));
          return;
        }
        const title =
          status === 413
            ? (options.tooLargeTitle ?? 'The file is too large to upload.')
            : (options.failedTitle ?? 'The upload failed. Please try again.');
        reject(failure(title, status, `http_${status}`));
      });
    signal?.addEventListener('abort', onAbort);
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
