import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-client';
import { uploadFile } from './upload-client';

type Progress = { lengthComputable: boolean; loaded: number; total: number };

/** A stand-in for the browser's XMLHttpRequest: the test plays the network's part. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  sent: unknown;
  aborted = false;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: Progress) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, body: string) {
    this.status = status;
    this.responseText = body;
    this.onload?.();
  }
}

const resultSchema = z.object({ id: z.string() });
const file = () => new File(['email\nada@example.com\n'], 'people.csv', { type: 'text/csv' });
const rejection = (promise: Promise<unknown>) => promise.then(() => expect.fail('resolved'), (error: unknown) => error as ApiError);

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadFile', () => {
  it('sends the file as multipart field "file" with the query, reports progress and resolves with the parsed answer', async () => {
    const progress: number[] = [];
    const upload = uploadFile('/api/v1/suppressions/upload', file(), {
      query: { reason: 'do_not_contact', note: undefined },
      schema: resultSchema,
      onProgress: (fraction) => progress.push(fraction),
    });
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/suppressions/upload?reason=do_not_contact');
    expect(xhr.headers.Accept).toBe('application/json');
    const sent = xhr.sent as FormData;
    expect((sent.get('file') as File).name).toBe('people.csv');

    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 50, total: 0 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
    xhr.answer(201, JSON.stringify({ id: 'imp_1', extra: true }));

    await expect(upload).resolves.toEqual({ id: 'imp_1' });
    expect(progress).toEqual([0.25, 1]);
  });

  it('uses the method asked for (the logo is a PUT)', () => {
    void uploadFile('/api/v1/workspace/logo', file(), { method: 'PUT', schema: resultSchema }).catch(() => {});
    expect(FakeXhr.last.method).toBe('PUT');
  });

  it("rejects with the server's problem details, extension members kept", async () => {
    const upload = uploadFile('/api/v1/imports', file(), { schema: resultSchema });
    FakeXhr.last.answer(
      409,
      JSON.stringify({ type: 'about:blank', title: 'Import limit', status: 409, code: 'too_many_imports', running: 3 }),
    );
    const error = await rejection(upload);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'too_many_imports', title: 'Import limit' });
    expect((error.problem as Record<string, unknown>).running).toBe(3);
  });

  it("says the caller's sentence for a 413 or another failure that is not problem+json", async () => {
    const tooLarge = uploadFile('/api/v1/imports', file(), { schema: resultSchema, tooLargeTitle: 'Split the file.' });
    FakeXhr.last.answer(413, '<html>Request Entity Too Large</html>');
    expect(await rejection(tooLarge)).toMatchObject({ status: 413, code: 'http_413', title: 'Split the file.' });

    const failed = uploadFile('/api/v1/imports', file(), { schema: resultSchema });
    FakeXhr.last.answer(502, 'Bad gateway');
    expect(await rejection(failed)).toMatchObject({ status: 502, code: 'http_502', title: 'The upload failed. Please try again.' });
  });

  it('rejects a success answer the schema refuses', async () => {
    const upload = uploadFile('/api/v1/imports', file(), { schema: resultSchema });
    FakeXhr.last.answer(200, JSON.stringify({ nothing: 'here' }));
    expect(await rejection(upload)).toMatchObject({ status: 200, code: 'unexpected_response' });
  });

  it('rejects a network failure as network_error', async () => {
    const upload = uploadFile('/api/v1/imports', file(), { schema: resultSchema });
    FakeXhr.last.onerror?.();
    expect(await rejection(upload)).toMatchObject({ status: 0, code: 'network_error' });
  });

  it('aborts the request when the signal fires, and never starts one for a signal already aborted', async () => {
    const controller = new AbortController();
    const upload = uploadFile('/api/v1/imports', file(), { schema: resultSchema, signal: controller.signal });
    const xhr = FakeXhr.last;
    controller.abort();
    expect(xhr.aborted).toBe(true);
    expect(await rejection(upload)).toMatchObject({ code: 'upload_cancelled', title: 'The upload was cancelled.' });

    const before = FakeXhr.last;
    const late = uploadFile('/api/v1/imports', file(), { schema: resultSchema, signal: controller.signal });
    expect(await rejection(late)).toMatchObject({ code: 'upload_cancelled' });
    expect(FakeXhr.last).toBe(before);
  });
});
