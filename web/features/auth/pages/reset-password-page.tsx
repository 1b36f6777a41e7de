import { useLocation } from 'react-router';
import { NewPasswordForm } from '../components/new-password-form.tsx';
import { RequestResetForm } from '../components/request-reset-form.tsx';

/** The emailed link is /reset-password#type=recovery&token=… : the token never reaches a server log. */
function recoveryToken(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('token');
  return params.get('type') === 'recovery' && token ? token : null;
}

export function ResetPasswordPage() {
  const { hash } = useLocation();
  const token = recoveryToken(hash);
  return token ? <NewPasswordForm token={token} /> : <RequestResetForm />;
}
