import { zodResolver } from '@hookform/resolvers/zod';
import { LogIn } from 'lucide-react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import type { z } from 'zod';
import { signInBody } from '../../../../contract/auth.ts';
import { messages } from '../../../../contract/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox, Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useSignIn } from '../api.ts';
import { AuthCard, linkClasses } from '../components/auth-card.tsx';

export function LoginPage() {
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof signInBody>, unknown, z.output<typeof signInBody>>({
    resolver: zodResolver(signInBody),
    // Unticked: the session cookie then ends with the browser.
    defaultValues: { email: '', password: '', rememberMe: false },
  });

  const onSubmit = handleSubmit((values) =>
    signIn.mutate(
      { ...values, rememberMe: values.rememberMe ?? false },
      {
        onError: (err) => {
          applyServerFieldErrors(err, setError, ['email', 'password']);
          toast.error(errorMessage(err, messages.signInFailed));
        },
      },
    ),
  );

  return (
    <AuthCard
      icon={LogIn}
      title="Sign in"
      subtitle="Welcome back! Sign in to your CheatMarket account."
      footer={
        <>
          Don't have an account?{' '}
          <Link to="/register" className={linkClasses}>
            Sign up
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Input
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="flex items-center justify-between gap-3">
          <Checkbox label="Remember me" {...register('rememberMe')} />
          <Link to="/reset-password" className={`text-sm ${linkClasses}`}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" className="mt-2 w-full" loading={signIn.isPending}>
          Sign In
        </Button>
      </form>
    </AuthCard>
  );
}
