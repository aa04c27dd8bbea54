import type { InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * Uploads a file to POST /api/v1/imports as multipart/form-data, as the import screens do.
 * Test-only: the import tests that need no extra form fields share it.
 */
export function uploadImport(
  who: { request: (opts: InjectOptions & { url: string }) => Promise<LightMyRequestResponse> },
  fileName: string,
  content: string | Buffer,
): Promise<LightMyRequestResponse> {
  const boundary = '----upload';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return who.request({
    method: 'POST',
    url: '/api/v1/imports',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}
