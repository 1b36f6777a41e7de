import { walletUi as ui } from '../../../../contract/texts/wallet-ui.ts';
import { Input, type InputProps } from '../../../components/ui/input.tsx';

/** The 6-digit code from the member's authenticator app (a backup code is refused here). */
export function CodeInput(props: Omit<InputProps, 'label'>) {
  return (
    <Input
      label={ui.authenticatorCode}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={32}
      hint={ui.authenticatorHint}
      {...props}
    />
  );
}
