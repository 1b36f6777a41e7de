import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangeEvent, useState } from 'react';
import {
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type PathValue,
  type RegisterOptions,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from './api.ts';
import { applyServerFieldErrors } from './form-errors.ts';
import toast from './toast.ts';

type Schema = z.ZodType<FieldValues, FieldValues>;

export type ZodForm<S extends Schema> = UseFormReturn<z.input<S>, unknown, z.output<S>> & {
  /**
   * What `Input`, `Textarea`, `Select` and `PasswordInput` need for one field: `register()`'s props and the
   * field's message. `counter` adds the length limit and a `length/max` hint.
   */
  field: (
    name: Path<z.input<S>>,
    options?: RegisterOptions<z.input<S>, Path<z.input<S>>> & { counter?: number },
  ) => ReturnType<UseFormReturn<z.input<S>>['register']> & {
    error: string | undefined;
    maxLength?: number;
    hint?: string;
  };
  /** An `ImageUpload`'s value and change handler for a text field holding an image address. */
  upload: (name: Path<z.input<S>>) => { value: string | undefined; onChange: (url: string) => void };
  /**
   * A mutation's `onError`: the server's per-field messages go under the named fields, and its message (or
   * `fallback`) is shown as a toast.
   */
  failed: (
    fallback: string,
    fields: ReadonlyArray<Path<z.input<S>>>,
    rename?: Partial<Record<string, Path<z.input<S>>>>,
  ) => (err: unknown) => void;
};

/** react-hook-form validated by a contract schema, so the form and the server agree on every rule. */
export function useZodForm<S extends Schema>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): ZodForm<S> {
  const form = useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver: zodResolver(schema) });
  const { errors } = form.formState;
  return {
    ...form,
    field: (name, { counter, ...rules } = {}) => ({
      ...form.register(name, rules),
      error: (get(errors, name) as FieldError | undefined)?.message,
      ...(counter === undefined
        ? {}
        : { maxLength: counter, hint: `${String(form.watch(name) ?? '').length}/${counter}` }),
    }),
    upload: (name) => ({
      value: form.watch(name),
      onChange: (url) =>
        form.setValue(name, url as PathValue<z.input<S>, typeof name>, {
          shouldDirty: true,
          shouldValidate: true,
        }),
    }),
    failed: (fallback, fields, rename) => (err) => {
      applyServerFieldErrors(err, form.setError, fields, rename);
      toast.error(errorMessage(err, fallback));
    },
  };
}

/**
 * One text field kept in state rather than react-hook-form (a code or a password asked for once): its value,
 * its message, and `props` for `Input` or `PasswordInput`. Typing clears the message.
 */
export function useTextField() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  return {
    value,
    setError,
    clear: () => {
      setValue('');
      setError(undefined);
    },
    props: {
      value,
      error,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setValue(event.target.value);
        setError(undefined);
      },
    },
  };
}
