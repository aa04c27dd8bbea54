import { errorMessage, isApiError } from '../../../lib/api-client';
import { applyProblemToForm } from '../../../lib/form-errors';

type SettableForm = Parameters<typeof applyProblemToForm>[0];

/** Puts field errors under their fields; answers the message for the form when none fit a field. */
export function formErrorFrom(form: SettableForm, error: unknown): string | null {
  const { unmatched } = applyProblemToForm(form, error);
  const placed = isApiError(error) ? error.errors.length - unmatched.length : 0;
  return placed > 0 ? null : (unmatched[0] ?? errorMessage(error));
}
