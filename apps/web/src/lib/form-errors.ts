import type { ReactNode } from 'react';
import { ApiError, isApiError } from './api-client';

type SettableForm = {
  getValues: () => object;
  setFieldError: (path: never, error: ReactNode) => void;
};

/** "body.email", "/email" or "email" → "email"; "/items/0/value" → "items.0.value". */
const toFormPath = (path: string): string =>
  path
    .replace(/^\/+/, '')
    .replace(/\//g, '.')
    .replace(/^body\./, '');

const hasPath = (values: object, path: string): boolean => {
  let current: unknown = values;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object' || !(part in current)) return false;
    current = (current as Record<string, unknown>)[part];
  }
  return true;
};

/**
 * Puts the field errors of a problem+json answer under the matching form fields.
 * Returns the errors that belong to no field, for a form-level message.
 */
export function applyProblemToForm(form: SettableForm, error: unknown): { unmatched: string[] } {
  if (!isApiError(error)) return { unmatched: [] };
  const values = form.getValues();
  const unmatched: string[] = [];
  for (const fieldError of (error as ApiError).errors) {
    const path = toFormPath(fieldError.path);
    if (path && hasPath(values, path)) {
      form.setFieldError(path as never, fieldError.message);
    } else {
      unmatched.push(fieldError.message);
    }
  }
  return { unmatched };
}

/** True when the problem carries at least one error for a field of this form. */
export const problemHasFieldErrors = (form: SettableForm, error: unknown): boolean =>
  isApiError(error) && error.errors.some((e) => hasPath(form.getValues(), toFormPath(e.path)));
