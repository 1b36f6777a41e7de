import { NewPasswordForm } from '../components/new-password-form.tsx';
import { RequestResetForm } from '../components/request-reset-form.tsx';
import { useFragment } from '../fragment.ts';

export function ResetPasswordPage() {
  // The emailed link is /reset-password#type=recovery&token=…
  const params = useFragment();
  const token = params.get('type') === 'recovery' ? params.get('token') : null;
  return token ? <NewPasswordForm token={token} /> : <RequestResetForm />;
}
