import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { authUi } from '../../../contract/texts/auth-ui.ts';
import { componentsUi as ui } from '../../../contract/texts/components-ui.ts';
import { controlClasses, FormField } from './form-field.tsx';
import type { InputProps } from './input.tsx';

/** A labelled password input with a show/hide toggle. */
export function PasswordInput({ label, error, hint, className, ...props }: Omit<InputProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <FormField label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            {...props}
            type={visible ? 'text' : 'password'}
            className={`${controlClasses} pr-11`}
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-xl text-muted hover:text-fg focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary"
          >
            {visible ? (
              <EyeOff className="size-4" aria-hidden="true" />
            ) : (
              <Eye className="size-4" aria-hidden="true" />
            )}
            {/* Named by its text, not aria-label, so getByLabel('Password') finds only the input. */}
            <span className="sr-only">{visible ? ui.hidePassword : ui.showPassword}</span>
          </button>
        </div>
      )}
    </FormField>
  );
}

type PasswordFieldProps = Omit<InputProps, 'type' | 'label'>;

/** A new password (`hint` under it) and its confirmation: the reset link's form and the account's change. */
export function NewPasswordInputs({
  hint,
  password,
  confirm,
}: {
  hint: string;
  password: PasswordFieldProps;
  confirm: PasswordFieldProps;
}) {
  return (
    <>
      <PasswordInput label={authUi.newPassword} autoComplete="new-password" hint={hint} {...password} />
      <PasswordInput label={authUi.confirmNewPassword} autoComplete="new-password" {...confirm} />
    </>
  );
}
