import { type ChangeEvent, useState } from 'react';

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
