import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api.ts';

/** Puts the server's per-field messages (`error.fields`) under the form's matching fields. */
export function applyServerFieldErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fieldNames: ReadonlyArray<Path<T>>,
  rename: Partial<Record<string, Path<T>>> = {},
): void {
  if (!(err instanceof ApiError) || !err.fields) return;
  for (const [key, message] of Object.entries(err.fields)) {
    const name = rename[key] ?? (key as Path<T>);
    if (fieldNames.includes(name)) setError(name, { type: 'server', message });
  }
}
