/** An error the API answers as problem+json with its own status and code. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const notFound = (what = 'Resource') => new AppError(404, 'not_found', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError(403, 'forbidden', message);
export const unauthorized = (message = 'Sign in to continue', code = 'unauthorized') =>
  new AppError(401, code, message);
export const conflict = (message: string, extra: Record<string, unknown> = {}) =>
  new AppError(409, 'conflict', message, extra);
export const badRequest = (code: string, message: string, extra: Record<string, unknown> = {}) =>
  new AppError(400, code, message, extra);
/** Invalid fields, in the same shape as schema validation errors. */
export const invalidFields = (errors: { path: string; message: string }[]) =>
  new AppError(400, 'validation_failed', errors.length === 1 ? errors[0]!.message : 'Some fields are invalid', { errors });
/** One invalid field. */
export const invalidField = (path: string, message: string) => invalidFields([{ path, message }]);
/** A cursor the server did not hand out (forged, garbled, or from another sort): start again. */
export const invalidCursor = (path = 'query.cursor', message = 'This cursor is not valid; start from the first page') =>
  new AppError(400, 'invalid_cursor', message, { errors: [{ path, message }] });
