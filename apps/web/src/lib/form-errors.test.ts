import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { applyProblemToForm, problemHasFieldErrors } from './form-errors';

const fakeForm = (values: object) => {
  const errors: Record<string, unknown> = {};
  return {
    errors,
    getValues: () => values,
    setFieldError: (path: never, error: unknown) => {
      errors[path as string] = error;
    },
  };
};

const problem = (errors: { path: string; message: string }[]) =>
  new ApiError({ type: 'about:blank', title: 'Invalid request', status: 400, code: 'validation_failed', errors });

describe('applyProblemToForm', () => {
  it('puts each error under its field, whatever the path notation', () => {
    const form = fakeForm({ email: '', password: '', address: { city: '' } });
    const { unmatched } = applyProblemToForm(
      form,
      problem([
        { path: 'email', message: 'Enter a valid email address' },
        { path: '/password', message: 'Too common' },
        { path: 'body.address.city', message: 'Too long' },
      ]),
    );
    expect(form.errors).toEqual({
      email: 'Enter a valid email address',
      password: 'Too common',
      'address.city': 'Too long',
    });
    expect(unmatched).toEqual([]);
  });

  it('returns the errors that belong to no field', () => {
    const form = fakeForm({ password: '' });
    const { unmatched } = applyProblemToForm(form, problem([{ path: 'token', message: 'Expired' }]));
    expect(form.errors).toEqual({});
    expect(unmatched).toEqual(['Expired']);
    expect(problemHasFieldErrors(form, problem([{ path: 'token', message: 'Expired' }]))).toBe(false);
  });

  it('ignores errors that are not API answers', () => {
    const form = fakeForm({ email: '' });
    expect(applyProblemToForm(form, new Error('boom'))).toEqual({ unmatched: [] });
  });
});
